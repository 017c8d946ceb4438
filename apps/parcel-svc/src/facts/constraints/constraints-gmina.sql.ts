import { targetCte } from '../parcel-selection.js';
import { CONSTRAINT_LAYERS } from './constraint-topics.js';
import { hitsPerParcel } from './constraints.sql.js';

/**
 * Areas of one constraint layer within `$2` m of the parcels of gmina `$1`, one row per parcel and
 * area, with the same sums as constraintsSql's layerHits. Pieces near the gmina drive the loop
 * (LATERAL, measured before grouping): PostGIS prepares a piece once for all the parcels it meets.
 */
function layerHits(layer: string): string {
  return `SELECT x.parcel_id, '${layer}' AS layer, f.id AS feature_id, f.kind, f.name,
              sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
       FROM layer_pub.${layer}_subdivided s
       CROSS JOIN LATERAL (
         SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
                CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
                     WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
                ST_Distance(s.geom, p.geom) AS distance
         FROM layer_pub.parcels p
         WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
         OFFSET 0
       ) x
       JOIN layer_pub.${layer} f ON f.fid = s.fid
       WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
       GROUP BY x.parcel_id, f.id, f.kind, f.name`;
}

/** constraintsSql for every parcel of gmina `$1` at once (the read-model build): the same raw facts. */
export function constraintsOfGminaSql(): string {
  // The gmina itself is parameter $1 of the target CTE.
  return `WITH ${targetCte({ gmina: '' })},
       extent AS MATERIALIZED (SELECT ST_Extent(t.geom)::geometry AS box FROM t),
       hits AS (
         ${CONSTRAINT_LAYERS.map(layerHits).join('\n         UNION ALL\n         ')}
       ),
       ${hitsPerParcel()}`;
}
