import { targetCte, type ParcelSelection } from '../parcel-selection.js';

/**
 * terrain_stats rows are per parcel and carry the parcel id as their feature id (unique index), so a
 * join gives each parcel its one row or none. JSON, not jsonb: only our code reads it, and printing
 * jsonb costs more than the join.
 */
export function terrainSql(selection: ParcelSelection): string {
  return `WITH ${targetCte(selection)}
       SELECT t.id AS parcel_id, t.teryt,
              CASE WHEN s.id IS NOT NULL THEN json_build_object(
                'elevation_min_m', s.elevation_min_m, 'elevation_max_m', s.elevation_max_m,
                'elevation_mean_m', s.elevation_mean_m, 'slope_mean_pct', s.slope_mean_pct,
                'slope_p90_pct', s.slope_p90_pct, 'aspect', s.aspect, 'dem_resolution_m', s.dem_resolution_m) END AS raw
       FROM t
       LEFT JOIN layer_pub.terrain_stats s ON s.id = t.id`;
}
