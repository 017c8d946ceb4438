import { targetCte } from '../parcel-selection.js';
import { OVERLAPPING_LAYERS, type OverlappingLayer } from './regulations.sql.js';

/**
 * The pieces of a subdivided layer within the gmina's extent, each joined to the gmina's parcels
 * it intersects, one row per (parcel, piece). Pieces drive the loop (LATERAL): one piece meets
 * many parcels in a row, so PostGIS prepares its geometry once for all of them, where probing
 * piece by piece per parcel deserialised every piece anew for each parcel it touches.
 */
function piecesOnParcels(layer: string, pieceFilter: string, measure: string): string {
  return `SELECT x.parcel_id, s.fid, x.area, x.measure
         FROM layer_pub.${layer}_subdivided s
         CROSS JOIN LATERAL (
           SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, ${measure} AS measure
           FROM layer_pub.parcels p
           WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
           OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
         ) x
         WHERE s.geom && (SELECT e.box FROM extent e)${pieceFilter}`;
}

/** One JSON list per parcel of the layer's polygons covering at least 1 % of it (largest first). */
function overlappingLists({ name, layer, columns }: OverlappingLayer): string {
  // The same sums and rounding as regulationsSql's per-parcel subquery (identity int-spec).
  const covered = `CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END`;
  return `${name} AS (
         SELECT o.parcel_id, jsonb_agg((SELECT r FROM (SELECT f.id, ${columns}, o.overlap_pct) r) ORDER BY o.overlap_pct DESC, f.id) AS list
         FROM (
           SELECT h.parcel_id, h.fid, round(least(100 * sum(h.measure) / min(h.area), 100)::numeric, 1) AS overlap_pct
           FROM (${piecesOnParcels(layer, '', covered)}) h
           GROUP BY h.parcel_id, h.fid
         ) o
         JOIN layer_pub.${layer} f ON f.fid = o.fid
         WHERE o.overlap_pct >= 1
         GROUP BY o.parcel_id
       )`;
}

/**
 * regulationsSql for every parcel of gmina `$1` at once (the read-model build): the same raw facts,
 * derived by one spatial join per layer instead of per-parcel probes.
 */
export function regulationsOfGminaSql(): string {
  const intersection = 'ST_Area(ST_Intersection(s.geom, p.geom))';
  // The gmina itself is parameter $1 of the target CTE.
  return `WITH ${targetCte({ gmina: '' })},
       extent AS MATERIALIZED (SELECT ST_Extent(t.geom)::geometry AS box FROM t),
       ${OVERLAPPING_LAYERS.map(overlappingLists).join(',\n       ')},
       national_park AS (
         SELECT DISTINCT h.parcel_id
         FROM (${piecesOnParcels('env_layers', ` AND s.kind = 'national_park'`, intersection)}) h
         WHERE h.measure >= 0.01 * h.area
       ),
       forest AS (
         SELECT h.parcel_id, sum(h.measure) AS covered
         FROM (${piecesOnParcels('forest_stands', '', intersection)}) h
         GROUP BY h.parcel_id
       )
       SELECT t.id AS parcel_id, t.teryt,
              jsonb_build_object(
                ${OVERLAPPING_LAYERS.map(({ name }) => `'${name}', COALESCE(${name}.list, '[]'::jsonb)`).join(',\n                ')},
                'land_use_classes', t.land_use_classes,
                'area_sqm', t.area_sqm,
                'national_park', national_park.parcel_id IS NOT NULL,
                'forest_pct', round(least(100 * COALESCE(forest.covered, 0) / t.area, 100)::numeric, 1)
              ) AS raw
       FROM t
       ${OVERLAPPING_LAYERS.map(({ name }) => `LEFT JOIN ${name} ON ${name}.parcel_id = t.id`).join('\n       ')}
       LEFT JOIN national_park ON national_park.parcel_id = t.id
       LEFT JOIN forest ON forest.parcel_id = t.id`;
}
