import { describe, expect, it } from '@jest/globals';
import type { BlockSourceView, CoverageStatus } from '@lp/contracts';
import fc from 'fast-check';
import { GminaCoverage } from '../layer-coverage.js';
import { REGULATIONS_COVERAGE_LAYERS, composeRegulations, type RawRegulations } from './regulations.rules.js';

type Layer = (typeof REGULATIONS_COVERAGE_LAYERS)[number];
const coverageOf = (statuses: Partial<Record<Layer, CoverageStatus>> = {}) =>
  new GminaCoverage(new Map(REGULATIONS_COVERAGE_LAYERS.map((layer) => [layer, statuses[layer] ?? 'available'])));
const noSources = new Map<string, BlockSourceView>();

const plan = { id: 'p1', plan_id: 'MPZP-7', plan_name: 'Osiedle Zielone', adopted_on: '2019-05-20', document_url: 'https://bip.example.pl/mpzp-7.pdf', overlap_pct: 100 };
const zone = (symbol: string, category: string, overlap_pct: number) => ({
  id: `z-${symbol}`,
  plan_id: 'MPZP-7',
  plan_name: 'Osiedle Zielone',
  adopted_on: '2019-05-20',
  symbol,
  category,
  label: null,
  max_height_m: 12,
  max_building_coverage_pct: 30,
  min_biologically_active_pct: 40,
  document_url: null,
  overlap_pct,
});
const general = (kind: string, status = 'in_force', overlap_pct = 100) => ({
  id: `g-${kind}`,
  status,
  zone_symbol: kind === 'infill_area' ? 'OUZ' : 'SW',
  zone_label: null,
  kind,
  allows_building: true,
  adopted_on: '2025-12-01',
  document_url: null,
  overlap_pct,
});
const raw = (fields: Partial<RawRegulations> = {}): RawRegulations => ({
  plans: [],
  zones: [],
  plan_ogolny: [],
  studium: [],
  land_use_classes: 'B',
  area_sqm: 1200,
  national_park: false,
  forest_pct: 0,
  ...fields,
});
const noteOf = (view: { coverage: Array<{ layer: string; note?: string }> }, layer: string) => view.coverage.find((c) => c.layer === layer)?.note;

describe('the regulations block', () => {
  it('reports the local-plan zone covering most of the parcel, the others by symbol, and the plan as deciding', () => {
    const view = composeRegulations(raw({ plans: [plan], zones: [zone('1MN', 'residential', 70), zone('KDD', 'transport', 30)] }), coverageOf(), noSources);
    expect(view.mpzp).toEqual({ ...zone('1MN', 'residential', 70), id: undefined, other_zones: [{ symbol: 'KDD', category: 'transport', overlap_pct: 30 }] });
    expect(view.mpzp).not.toHaveProperty('id');
    expect(view.zoning_source).toBe('mpzp');
  });

  it('says null (no local plan) only where plan boundaries are known and none covers the parcel', () => {
    const view = composeRegulations(raw(), coverageOf(), noSources);
    expect(view.mpzp).toBeNull();
    expect(view.plan_ogolny).toBeNull();
    expect(view.studium).toBeNull();
    expect(view.zoning_source).toBe('none');
    expect(view.coverage).toEqual(REGULATIONS_COVERAGE_LAYERS.map((layer) => ({ layer, status: 'available' })));
  });

  it('leaves mpzp out where plan boundaries are not in our data, and says a gmina right cannot be ruled out', () => {
    for (const status of ['missing', 'partial'] as const) {
      const view = composeRegulations(raw({ land_use_classes: 'R IVa', area_sqm: 5000 }), coverageOf({ mpzp_plans: status, mpzp_zones: status }), noSources);
      expect(view).not.toHaveProperty('mpzp');
      expect(view.zoning_source).toBe('unknown');
      expect(noteOf(view, 'mpzp_plans')).toBe('Local plan boundaries are not in our data for this gmina, so whether a local plan applies is unknown; mpzp is left out.');
      expect(noteOf(view, 'mpzp_zones')).toContain('a gmina pre-emption right for land designated for public purposes cannot be ruled out');
      // KOWR is not ruled out either: the plan might designate the land for other use, or not
      expect(view.pre_emption.map((r) => r.reason)).toEqual(['agricultural land (EGiB classes R IVa) of at least 0.3 ha']);
    }
  });

  it('leaves mpzp out for a parcel inside a plan whose zones we lack, naming the plan and where to read it', () => {
    const view = composeRegulations(raw({ plans: [plan] }), coverageOf({ mpzp_zones: 'missing' }), noSources);
    expect(view).not.toHaveProperty('mpzp');
    expect(view.zoning_source).toBe('unknown');
    expect(noteOf(view, 'mpzp_zones')).toBe(
      'The parcel lies inside the local plan „Osiedle Zielone” adopted on 2019-05-20, but the plan\'s zones are not in our data for this gmina, so mpzp is left out; read its zoning in https://bip.example.pl/mpzp-7.pdf.',
    );
  });

  it('leaves mpzp out inside a plan none of whose zones we hold covers the parcel', () => {
    const view = composeRegulations(raw({ plans: [{ ...plan, adopted_on: null, document_url: null }] }), coverageOf({ mpzp_zones: 'partial' }), noSources);
    expect(view).not.toHaveProperty('mpzp');
    expect(noteOf(view, 'mpzp_zones')).toBe('The parcel lies inside the local plan „Osiedle Zielone”, but no zone of it covers the parcel in our data, so mpzp is left out.');
  });

  it('reports a zone found in a gmina whose zones are partial, but not one from a gmina recorded as missing', () => {
    const partial = composeRegulations(raw({ plans: [plan], zones: [zone('1MN', 'residential', 100)] }), coverageOf({ mpzp_zones: 'partial' }), noSources);
    expect(partial.mpzp?.symbol).toBe('1MN');
    const missing = composeRegulations(raw({ plans: [plan], zones: [zone('1MN', 'residential', 100)] }), coverageOf({ mpzp_zones: 'missing' }), noSources);
    expect(missing).not.toHaveProperty('mpzp');
  });

  describe('the general plan (plan ogólny)', () => {
    it('decides where no local plan applies and it is in force', () => {
      const view = composeRegulations(raw({ plan_ogolny: [general('multifamily_housing')] }), coverageOf(), noSources);
      expect(view.plan_ogolny).toEqual({ status: 'in_force', zone_symbol: 'SW', zone_label: null, kind: 'multifamily_housing', allows_building: true, adopted_on: '2025-12-01', document_url: null, binding: true });
      expect(view.zoning_source).toBe('plan_ogolny');
    });

    it('never decides where a local plan zone does', () => {
      const view = composeRegulations(raw({ plans: [plan], zones: [zone('1MN', 'residential', 100)], plan_ogolny: [general('multifamily_housing')] }), coverageOf(), noSources);
      expect(view.zoning_source).toBe('mpzp');
    });

    it('is information only before it is in force', () => {
      for (const status of ['adopted', 'draft', 'consultation']) {
        const view = composeRegulations(raw({ plan_ogolny: [general('multifamily_housing', status)] }), coverageOf(), noSources);
        expect(view.plan_ogolny?.binding).toBe(false);
        expect(view.zoning_source).toBe('none');
        expect(noteOf(view, 'plan_ogolny_zones')).toBe(
          `The general plan (plan ogólny) here is at status ${status}, not in force: it is information only and does not decide the parcel's zoning.`,
        );
      }
    });

    it('shows the zone beneath an infill or inner-city overlay, even when the overlay covers more', () => {
      const view = composeRegulations(raw({ plan_ogolny: [general('infill_area', 'in_force', 100), general('single_family_housing', 'in_force', 60)] }), coverageOf(), noSources);
      expect(view.plan_ogolny?.kind).toBe('single_family_housing');
      expect(view.zoning_source).toBe('plan_ogolny');
    });

    it('is left out, not null, where its data is missing, leaving the zoning unknown without a local plan', () => {
      for (const status of ['missing', 'partial'] as const) {
        const view = composeRegulations(raw(), coverageOf({ plan_ogolny_zones: status }), noSources);
        expect(view).not.toHaveProperty('plan_ogolny');
        expect(view.mpzp).toBeNull();
        expect(view.zoning_source).toBe('unknown');
        expect(noteOf(view, 'plan_ogolny_zones')).toBe('The general plan (plan ogólny) of this gmina is not in our data yet; plan_ogolny is left out, not reported as absent.');
      }
    });
  });

  it('shows the study as information, leaves it out where it is not in our data, and never lets it decide', () => {
    const studium = [{ id: 's1', designation: 'MN — zabudowa mieszkaniowa', category: 'residential', adopted_on: '2012-03-01', overlap_pct: 100 }];
    const view = composeRegulations(raw({ studium }), coverageOf(), noSources);
    expect(view.studium).toEqual({ designation: 'MN — zabudowa mieszkaniowa', category: 'residential', adopted_on: '2012-03-01' });
    expect(view.zoning_source).toBe('none');
    const missing = composeRegulations(raw({ studium }), coverageOf({ studium_zones: 'missing' }), noSources);
    expect(missing).not.toHaveProperty('studium');
    expect(noteOf(missing, 'studium_zones')).toBe('The study (studium) of this gmina is not in our data; studium is left out.');
  });

  it('derives pre-emption rights from the plan zone, the EGiB classes, the park and the forest stands', () => {
    const view = composeRegulations(
      raw({ plans: [plan], zones: [zone('KDL', 'transport', 100)], land_use_classes: 'R IVa,Ls V', area_sqm: 8000, national_park: true, forest_pct: null }),
      coverageOf(),
      noSources,
    );
    // planned for transport: no KOWR right, but the gmina's for public purposes
    expect(view.pre_emption.map((r) => r.holder)).toEqual([
      'Skarb Państwa, represented by Państwowe Gospodarstwo Leśne Lasy Państwowe',
      'Skarb Państwa, represented by the director of the national park',
      'the gmina',
    ]);
    const agricultural = composeRegulations(raw({ plans: [plan], zones: [zone('1R', 'agricultural', 100)], land_use_classes: 'R IVa', area_sqm: 8000 }), coverageOf(), noSources);
    expect(agricultural.pre_emption[0]?.reason).toBe('agricultural land (EGiB classes R IVa) of at least 0.3 ha not designated for other use in the local plan');
  });

  it('says a park or forest pre-emption right cannot be ruled out where the park or forest layer lacks data', () => {
    const view = composeRegulations(raw({ forest_pct: null }), coverageOf({ env_layers: 'missing', forest_stands: 'partial' }), noSources);
    expect(view.pre_emption).toEqual([]);
    expect(noteOf(view, 'env_layers')).toBe("env_layers has no data in this gmina: facts from it are left out, not reported as absent, and a national park's pre-emption right (art. 10 ust. 3 ustawy o ochronie przyrody) cannot be ruled out.");
    expect(noteOf(view, 'forest_stands')).toBe("forest_stands has only partial data in this gmina: facts from it are left out, not reported as absent, and the State Forests' pre-emption right for forest land (art. 37a ustawy o lasach) cannot be ruled out.");
    // a right already found from other evidence needs no such note
    const forest = composeRegulations(raw({ land_use_classes: 'Ls V', forest_pct: null }), coverageOf({ forest_stands: 'missing' }), noSources);
    expect(noteOf(forest, 'forest_stands')).toBe('forest_stands has no data in this gmina; facts from it are left out, not reported as absent.');
  });

  it('for any coverage: mpzp is null only with known plan boundaries, and every field left out has a note', () => {
    const status = fc.constantFrom<CoverageStatus>('available', 'partial', 'missing');
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(REGULATIONS_COVERAGE_LAYERS.map((l) => [l, status])) as Record<Layer, fc.Arbitrary<CoverageStatus>>),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom<RawRegulations['plan_ogolny']>([], [general('single_family_housing')], [general('single_family_housing', 'draft')]),
        (statuses, inPlan, zoneKnown, planOgolny) => {
          const view = composeRegulations(
            raw({ plans: inPlan ? [plan] : [], zones: inPlan && zoneKnown ? [zone('1MN', 'residential', 100)] : [], plan_ogolny: planOgolny }),
            new GminaCoverage(new Map(Object.entries(statuses))),
            noSources,
          );
          if (view.mpzp === null) expect([statuses.mpzp_plans, inPlan]).toEqual(['available', false]);
          if (!('mpzp' in view)) expect(noteOf(view, 'mpzp_plans') ?? noteOf(view, 'mpzp_zones')).toEqual(expect.any(String));
          if (!('plan_ogolny' in view)) expect(noteOf(view, 'plan_ogolny_zones')).toEqual(expect.any(String));
          if (!('studium' in view)) expect(noteOf(view, 'studium_zones')).toEqual(expect.any(String));
          if (view.zoning_source === 'none') expect([view.mpzp === null, 'plan_ogolny' in view]).toEqual([true, true]);
          expect(view.coverage.map((c) => [c.layer, c.status])).toEqual(REGULATIONS_COVERAGE_LAYERS.map((l) => [l, statuses[l]]));
        },
      ),
    );
  });
});
