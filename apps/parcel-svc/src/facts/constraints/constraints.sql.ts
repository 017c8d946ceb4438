import { targetCte, type ParcelSelection } from '../parcel-selection.js';
import { CONSTRAINT_LAYERS } from './constraint-topics.js';

/** Areas of one constraint layer within `$2` metres of each target parcel, one row per area. */
function layerHits(layer: string): string {
  // Subdivided pieces keep the index probes and the intersections small; the pieces of one
  // area never overlap, so their intersection areas add up. A parcel inside a piece (the usual
  // case with large areas) needs no intersection at all.
  return `SELECT t.id AS parcel_id, '${layer}' AS layer, f.id AS feature_id, f.kind, f.name,
              sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                       WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
              min(ST_Distance(s.geom, t.geom)) AS distance
       FROM t
       JOIN layer_pub.${layer}_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
       JOIN layer_pub.${layer} f ON f.fid = s.fid
       WHERE s.kind = ANY($3::text[])
       GROUP BY t.id, f.id, f.kind, f.name`;
}

/**
 * Constraint areas overlapping or within `$2` m of each selected parcel, for the kinds in `$3`:
 * one row per parcel with a JSON array of raw hits (overlap share 0..1, distance in metres).
 */
export function constraintsSql(selection: ParcelSelection): string {
  return `WITH ${targetCte(selection)},
       hits AS (
         ${CONSTRAINT_LAYERS.map(layerHits).join('\n         UNION ALL\n         ')}
       ),
       ${hitsPerParcel()}`;
}

/** The hits (CTE `hits`) as one JSON array per target parcel (CTE `t`), `[]` for none. */
export function hitsPerParcel(): string {
  return `per_parcel AS (
         SELECT h.parcel_id, jsonb_agg(jsonb_build_object(
                  'layer', h.layer, 'kind', h.kind, 'id', h.feature_id, 'name', h.name,
                  'overlap_pct', round(least(100 * h.overlap, 100)::numeric, 1),
                  'distance_m', round(h.distance::numeric, 1))) AS raw
         FROM hits h GROUP BY h.parcel_id
       )
       -- Grouped once and joined: a lookup into the hits per parcel would scan them all each time.
       SELECT t.id AS parcel_id, t.teryt, COALESCE(pp.raw, '[]'::jsonb) AS raw
       FROM t LEFT JOIN per_parcel pp ON pp.parcel_id = t.id`;
}
