import { describe, expect, it } from '@jest/globals';
import { searchCriteriaOf, type SearchParcelsRequest } from '@lp/contracts';
import { planCoverage, type CriterionPlan } from './criterion-coverage.js';
import type { GminaEvidence } from './zoning-evidence-coverage.js';

const gminas = [
  { teryt: '2814042', name: 'Dywity' },
  { teryt: '3021093', name: 'Kórnik' },
];

function evidence(parcels: number, partial: Partial<GminaEvidence> = {}): GminaEvidence {
  return {
    parcels,
    zoning_unknown_local: 0,
    zoning_unknown_general: 0,
    plan_boundaries_missing: false,
    land_use_unknown: 0,
    ownership_unknown: 0,
    missing_plans: [],
    ...partial,
  };
}

function coverageOf(request: SearchParcelsRequest, table: Map<string, GminaEvidence>): CriterionPlan {
  const criteria = searchCriteriaOf(request);
  // the layers have data in both gminas (gmina level says available, which is what used to be reported)
  const layers = new Map(criteria[0]!.layers.map((layer) => [layer, new Map(gminas.map((g) => [g.teryt, 'available' as const]))]));
  return planCoverage(criteria, { gminas, table: layers, evidence: table, filters: request.filters ?? {} })[0]!;
}

describe('coverage of zoning and land use from the parcels that can be proven', () => {
  const dywity = evidence(100, { zoning_unknown_local: 100, missing_plans: ['Miejscowy plan Dywity-Północ'] });

  it('a gmina whose every parcel lies in plans without zones cannot prove zoning: missing, which blocks', () => {
    const plan = coverageOf({ region: '2814042', filters: { zoning: { symbols: ['MN'] } } }, new Map([['2814042', dywity]]));
    expect(plan.view.status).toBe('missing');
    expect(plan.view.note).toContain('„Miejscowy plan Dywity-Północ”');
    expect(plan.view.note).toContain('blocked');
    expect(plan.covered).toEqual([]);
  });

  it('some parcels unknown: partial, the gmina stays searchable and the note names the plans', () => {
    const table = new Map([
      ['2814042', evidence(100, { zoning_unknown_local: 40, missing_plans: ['Plan A'] })],
      ['3021093', evidence(50)],
    ]);
    const plan = coverageOf({ filters: { zoning: { categories: ['residential_single'] } } }, table);
    expect(plan.view.status).toBe('partial');
    expect(plan.covered).toEqual(['2814042', '3021093']);
    expect(plan.view.note).toContain('40 of the 150 parcels');
    expect(plan.view.note).toContain('„Plan A”');
  });

  it('a missing general plan makes parcels outside local plans unknown for categories it could prove, not for local-plan symbols', () => {
    const table = new Map([
      ['2814042', evidence(10)],
      ['3021093', evidence(50, { zoning_unknown_general: 20 })],
    ]);
    const residential = coverageOf({ region: '3021093', filters: { zoning: { categories: ['residential_single'] } } }, table);
    expect(residential.view.status).toBe('partial');
    expect(residential.view.note).toContain('general plan (plan ogólny) is not in our data in Kórnik (3021093)');
    expect(coverageOf({ region: '3021093', filters: { zoning: { categories: ['industrial'] } } }, table).view.status).toBe('available');
    expect(coverageOf({ region: '3021093', filters: { zoning: { symbols: ['MN'] } } }, table).view.status).toBe('available');
  });

  it('land use: parcels without EGiB classes and land cover are unknown; a gmina without a build has no parcels to prove', () => {
    const table = new Map([['2814042', evidence(100, { land_use_unknown: 10 })]]);
    const plan = coverageOf({ filters: { land_use: { kinds: ['agricultural'] } } }, table);
    expect(plan.view.status).toBe('partial');
    expect(plan.uncovered).toEqual(['3021093']);
    expect(plan.view.note).toContain('Kórnik (3021093)');
  });

  it('ownership: parcels without a registration group are unknown; all unknown blocks, some unknown is partial and counted', () => {
    const request: SearchParcelsRequest = { filters: { ownership_groups: { include: ['7'] } } };
    const none = coverageOf(
      request,
      new Map([
        ['2814042', evidence(100, { ownership_unknown: 100 })],
        ['3021093', evidence(50, { ownership_unknown: 50 })],
      ]),
    );
    expect(none.view).toMatchObject({ criterion: 'ownership_group', status: 'missing' });
    expect(none.view.note).toContain('blocked');
    const some = coverageOf(
      request,
      new Map([
        ['2814042', evidence(100, { ownership_unknown: 3 })],
        ['3021093', evidence(50)],
      ]),
    );
    expect(some.view.status).toBe('partial');
    expect(some.view.note).toContain('unknown for 3 of the 150 parcels');
    expect(some.view.note).toContain('Dywity (2814042)');
    expect(
      coverageOf(
        request,
        new Map([
          ['2814042', evidence(100)],
          ['3021093', evidence(50)],
        ]),
      ).view.status,
    ).toBe('available');
  });
});
