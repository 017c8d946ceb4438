import { describe, expect, it } from '@jest/globals';
import { searchCriteriaOf } from './search-criteria.js';

describe('searchCriteriaOf', () => {
  it('names one criterion per filter with the mode of the design table', () => {
    const criteria = searchCriteriaOf({
      filters: {
        area_sqm: { min: 2000 },
        zoning: { categories: ['industrial'] },
        land_use: { kinds: ['agricultural'], exclude_kinds: ['forest', 'orchard'] },
        slope_pct: { max: 30 },
        vacant: false,
        near: [{ layer: 'grid_capacity', within_m: 5000 }],
        exclude: [{ layer: 'env_layers', buffer_m: 100 }],
      },
    });
    expect(criteria).toEqual([
      { criterion: 'area', mode: 'requires', layers: ['parcels'] },
      { criterion: 'zoning', mode: 'requires', layers: ['mpzp_plans', 'mpzp_zones', 'plan_ogolny_zones'] },
      { criterion: 'land_use', mode: 'requires', layers: ['parcels', 'land_cover'] },
      { criterion: 'land_use:exclude', mode: 'screens', layers: ['parcels', 'land_cover'] },
      { criterion: 'slope', mode: 'screens', layers: ['terrain_stats'] },
      { criterion: 'vacant', mode: 'requires', layers: ['buildings'] },
      { criterion: 'near:grid_capacity', mode: 'requires', layers: ['grid_capacity'] },
      // the buffer is the distance its data must cover around each parcel
      { criterion: 'exclude:env_layers', mode: 'screens', layers: ['env_layers'], reachM: 100 },
    ]);
  });

  it('makes a minimum distance a requires criterion like near, and carries named anchors', () => {
    const criteria = searchCriteriaOf({
      filters: {
        near: [{ layer: 'power_substations', within_m: 5000, ids: ['gridkit-v4086'] }],
        far: [{ layer: 'services_poi', kinds: ['school'], beyond_m: 2000 }],
      },
    });
    expect(criteria).toEqual([
      { criterion: 'near:power_substations', mode: 'requires', layers: ['power_substations'], anchors: ['gridkit-v4086'] },
      { criterion: 'far:services_poi', mode: 'requires', layers: ['services_poi'], reachM: 2000 },
    ]);
  });

  it('looks at local plans only when require_plan is set, and has no criteria without filters', () => {
    expect(searchCriteriaOf({ filters: { zoning: { categories: ['industrial'], require_plan: true } } })[0]!.layers).toEqual(['mpzp_plans', 'mpzp_zones']);
    expect(searchCriteriaOf({})).toEqual([]);
  });
});
