import { describe, expect, it } from '@jest/globals';
import type { RegulationsView } from '@lp/contracts';
import { zoningSummary } from './zoning-summary.js';

const base: RegulationsView = { pre_emption: [], coverage: [], sources: [] };

describe('zoningSummary', () => {
  it('describes the local plan zone with its limits and other zones', () => {
    const summary = zoningSummary({
      ...base,
      mpzp: {
        plan_id: 'p1',
        plan_name: 'Chartowo',
        adopted_on: '2019-05-01',
        symbol: '12.MN/U',
        category: 'mixed_residential_services',
        label: 'zabudowa mieszkaniowo-usługowa',
        max_height_m: 12,
        max_building_coverage_pct: 40,
        min_biologically_active_pct: null,
        document_url: null,
        overlap_pct: 92,
        other_zones: [{ symbol: 'KDD', category: 'road', overlap_pct: 8 }],
      },
      plan_ogolny: null,
    });
    expect(summary).toBe(
      'Local plan "Chartowo": zone 12.MN/U (mixed_residential_services, zabudowa mieszkaniowo-usługowa) over 92 % of the parcel; max height 12 m, max building coverage 40 %. Also partly in KDD (8 %). No general plan (plan ogólny) zone yet.',
    );
  });

  it('tells "no local plan" (WZ needed) apart from "not in our data"', () => {
    expect(zoningSummary({ ...base, mpzp: null })).toMatch(/^No local plan \(MPZP\) applies: building would need a WZ decision/);
    const unknown = zoningSummary({ ...base, coverage: [{ layer: 'mpzp_plans', status: 'missing', note: 'Local plan boundaries are not in our data for this gmina.' }] });
    expect(unknown).toBe('Local plan status unknown: Local plan boundaries are not in our data for this gmina.');
  });

  it('says which instrument decides, and that a general plan not in force is information only', () => {
    const draft = { status: 'public_consultation', zone_symbol: 'SJ', zone_label: null, kind: 'multifunctional_single_family', allows_building: true, adopted_on: null, document_url: null, binding: false };
    const summary = zoningSummary({ ...base, mpzp: null, plan_ogolny: draft, zoning_source: 'none' });
    expect(summary).toContain('status public_consultation (not in force: information only, it does not decide the zoning)');
    expect(summary).toContain('Zoning source: none');
    const inForce = zoningSummary({ ...base, mpzp: null, plan_ogolny: { ...draft, status: 'in_force', binding: true }, zoning_source: 'plan_ogolny' });
    expect(inForce).toContain('Zoning source: the general plan in force (no local plan applies).');
    expect(zoningSummary({ ...base, zoning_source: 'unknown' })).toContain('Zoning source: unknown');
  });
});
