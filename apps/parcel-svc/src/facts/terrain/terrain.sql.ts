import { targetCte, type ParcelSelection } from '../parcel-selection.js';

/**
 * terrain_stats rows are per parcel and carry the parcel id as their feature id (unique index): one
 * index probe per parcel, which a whole gmina keeps too (a join would read all of terrain_stats where
 * the planner misjudges a gmina's share). JSON, not jsonb: only our code reads it, and printing jsonb
 * costs more than the probe.
 */
export function terrainSql(selection: ParcelSelection): string {
  return `WITH ${targetCte(selection)}
       SELECT t.id AS parcel_id, t.teryt,
              (SELECT json_build_object(
                        'elevation_min_m', s.elevation_min_m, 'elevation_max_m', s.elevation_max_m,
                        'elevation_mean_m', s.elevation_mean_m, 'slope_mean_pct', s.slope_mean_pct,
                        'slope_p90_pct', s.slope_p90_pct, 'aspect', s.aspect, 'dem_resolution_m', s.dem_resolution_m)
               FROM layer_pub.terrain_stats s WHERE s.id = t.id) AS raw
       FROM t`;
}
