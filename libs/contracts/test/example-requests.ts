import type { SearchParcelsRequest } from '../src/search/search-parcels.request.js';

/** The spec's bess_storage example as a request body (the shape and the meaning checks both start from it). */
export const BESS_EXAMPLE: SearchParcelsRequest = {
  region: '3064011',
  filters: {
    area_sqm: { min: 2000 },
    slope_pct: { max: 30 },
    near: [
      { layer: 'grid_capacity', within_m: 5000, where: { available_mw_gte: 10 } },
      { layer: 'power_substations', within_m: 10000, where: { voltage_kv_gte: 110 } },
    ],
    exclude: [{ layer: 'env_layers', kinds: ['natura2000', 'flood_risk_1pct'], buffer_m: 100 }],
  },
  rank_by: [
    { signal: 'grid_capacity_mw', weight: 55 },
    { signal: 'grid_distance_km', weight: 30 },
    { signal: 'area', weight: 15 },
  ],
};
