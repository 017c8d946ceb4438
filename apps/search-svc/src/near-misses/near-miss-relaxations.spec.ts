import { describe, expect, it } from '@jest/globals';
import { NEAR_WITHIN_MAX_M, type SearchFilters } from '@lp/contracts';
import { failableCriteria, stepRelaxations } from './near-miss-relaxations.js';

describe('near-miss relaxations', () => {
  it('moves each tunable parameter one step within its range and changes nothing else', () => {
    const filters: SearchFilters = {
      area_sqm: { min: 20_000 },
      slope_pct: { max: 5 },
      near: [{ layer: 'power_substations', within_m: 10_000, where: { voltage_kv_gte: 110 } }],
      far: [{ layer: 'services_poi', kinds: ['school'], beyond_m: 2_000 }],
      exclude: [{ layer: 'env_layers', kinds: ['natura2000_birds'], buffer_m: 500 }],
      zoning: { buildable: true },
    };
    const steps = stepRelaxations(filters);
    expect(steps.map((s) => [s.parameter, s.from, s.to])).toEqual([
      ['filters.area_sqm.min', 20_000, 10_000],
      ['filters.slope_pct.max', 5, 7.5],
      ['filters.near[0].within_m', 10_000, 15_000],
      ['filters.far[0].beyond_m', 2_000, 1_000],
      ['filters.exclude[0].buffer_m', 500, 200],
    ]);
    const near = steps.find((s) => s.criterion === 'near:power_substations')!;
    expect(near.filters).toEqual({ ...filters, near: [{ layer: 'power_substations', within_m: 15_000, where: { voltage_kv_gte: 110 } }] });
    // the request itself is never changed
    expect(filters.near![0]!.within_m).toBe(10_000);
  });

  it('has no step for a parameter at the edge of its range or a reach that means intersecting', () => {
    const steps = stepRelaxations({
      slope_pct: { max: 100 },
      near: [
        { layer: 'solar_irradiance', within_m: 0 },
        { layer: 'transport_stops', within_m: NEAR_WITHIN_MAX_M },
      ],
      far: [{ layer: 'services_poi', beyond_m: 0 }],
      exclude: [{ layer: 'env_layers' }],
    });
    expect(steps).toEqual([]);
    // a minimum distance under 200 m relaxes to "touches none"
    expect(stepRelaxations({ far: [{ layer: 'services_poi', beyond_m: 150 }] }).map((s) => s.to)).toEqual([0]);
  });

  it('widens a small reach by at least 500 m, in whole hundreds of metres', () => {
    const [step] = stepRelaxations({ near: [{ layer: 'transport_stops', within_m: 300 }] });
    expect([step!.from, step!.to]).toEqual([300, 800]);
  });

  it('widens every alternative of a near_any criterion together', () => {
    const [step] = stepRelaxations({
      near_any: [{ any_of: [{ layer: 'roads', within_m: 200 }, { layer: 'planned_roads', within_m: 1_000 }] }],
    });
    expect(step).toMatchObject({ criterion: 'near_any:roads|planned_roads', from: 1_000, to: 1_500 });
    expect(step!.filters.near_any![0]!.any_of.map((n) => n.within_m)).toEqual([700, 1_500]);
  });

  it('lists every criterion a parcel can fail, with the threshold it would miss', () => {
    expect(
      failableCriteria({
        area_sqm: { min: 5_000 },
        zoning: { categories: ['industrial'] },
        vacant: true,
        near: [{ layer: 'roads', within_m: 100 }],
        far: [{ layer: 'services_poi', beyond_m: 500 }],
        exclude: [{ layer: 'env_layers' }],
        not_contaminated: true,
      }),
    ).toEqual([
      { criterion: 'area', parameter: 'filters.area_sqm.min', limit: 5_000, closestFirst: { signal: 'area', weight: 1 } },
      { criterion: 'zoning' },
      { criterion: 'vacant' },
      { criterion: 'near:roads', parameter: 'filters.near[0].within_m', limit: 100 },
      { criterion: 'exclude:env_layers' },
      { criterion: 'far:services_poi', parameter: 'filters.far[0].beyond_m', limit: 500 },
    ]);
  });
});
