import { findLayer, PROXIMITY_KINDS, PROXIMITY_MAX_M, type ProximityKind } from '@lp/contracts';
import { STORAGE_SRID } from '@lp/geo';
import { targetCte, type ParcelSelection } from '../parcel-selection.js';

/**
 * The nearest feature of every proximity kind to each selected parcel, set-based: one statement
 * for a few parcels (live answers) or a whole gmina (the read-model build), the same SQL both ways.
 *
 * The nearest feature is the one at the smallest distance from the parcel polygon (ST_Distance) and,
 * among features at exactly that distance (a parcel touching two roads, two stops at one spot), the
 * one whose id comes first in byte order (COLLATE "C"): a fixed tie-break, so every way of finding
 * it gives the same answer. Per-parcel index KNN (`ORDER BY geom <-> parcel LIMIT 1`) left ties to
 * the index's order.
 *
 * How, per kind, without an index probe per parcel:
 *  1. parcels are grouped into grid cells of CELL_M (by the centre of their bounding box); a cell's
 *     box covers its parcels whole;
 *  2. one KNN probe per cell finds a feature near the cell's centre and its point `y` closest to it;
 *     every parcel `p` of the cell has a feature within d(p, y), and the whole cell within
 *     ST_MaxDistance(box, y) (its reach);
 *  3. the candidates of a cell are the features within its reach (GiST); a parcel's nearest feature is
 *     among those whose bounding box meets the parcel's box grown by d(p, y), and only those are
 *     measured exactly.
 * Only features within PROXIMITY_MAX_M count (farther, the block says "not found" whatever lies
 * there): every reach and bound is capped at it, so a kind with no feature for 100 km around (a layer
 * with data only elsewhere) gathers nothing rather than every feature of a 100 km radius, and a
 * nearest feature farther than that (its distance rounded as reported) is left out of the row.
 * Long features (more than LONG_FEATURE_VERTICES vertices: rivers, motorways, planned lines) are
 * measured piece by piece (ST_Subdivide into PIECE_VERTICES), so a parcel is measured against the
 * few pieces near it rather than a whole river; the distance to a feature is the smallest distance to
 * its pieces (equal to ST_Distance to the whole up to ~1e-10 m, far below the 0.1 m reported).
 */
const CELL_M = 250;
const LONG_FEATURE_VERTICES = 64;
const PIECE_VERTICES = 16;
/**
 * Added to every reach: `y` is computed (ST_ClosestPoint), so it may lie a rounding error off its
 * feature. A wider reach only adds candidates; the choice among them stays the exact one.
 */
const SLACK_M = 1;

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** Identifiers and literals below come from the PROXIMITY_KINDS constant, never from input. */
function checked(kind: ProximityKind): ProximityKind {
  for (const name of [kind.id, kind.layer, ...kind.attributes, ...(kind.layerKinds ?? []), kind.minimum?.attribute ?? 'x']) {
    if (!IDENTIFIER.test(name)) throw new Error(`unexpected identifier ${name} in proximity kind ${kind.id}`);
  }
  if (kind.minimum && !Number.isFinite(kind.minimum.value)) throw new Error(`unexpected minimum in proximity kind ${kind.id}`);
  return kind;
}

/** The features of the kind's layer that count for it. */
function kindFilter(kind: ProximityKind): string {
  const conditions = [
    kind.layerKinds ? `f.kind IN (${kind.layerKinds.map((k) => `'${k}'`).join(', ')})` : null,
    kind.minimum ? `f.${kind.minimum.attribute} >= ${kind.minimum.value}` : null,
  ].filter((c) => c !== null);
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

/** What an item reports of a feature besides its distance; carried along with each candidate. */
function described(kind: ProximityKind): string {
  const attributes = kind.attributes.map((a) => `'${a}', f.${a}`).join(', ');
  return `f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object(${attributes})) AS attributes`;
}

/** Steps 2 and 3 for one kind: its seed per cell, each parcel's bound and the cells' candidates. */
function kindCtes(kind: ProximityKind): string[] {
  const { id } = kind;
  const layer = `layer_pub.${kind.layer}`;
  const ctes = [
    `${id}_seed AS MATERIALIZED (
         SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), ${PROXIMITY_MAX_M}) + ${SLACK_M} AS reach
         FROM cells c
         CROSS JOIN LATERAL (
           SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM ${layer} f
           WHERE ${kindFilter(kind)} ORDER BY f.geom <-> c.centre LIMIT 1
         ) n
       )`,
    // One distance per parcel and kind; materialised so that it is not measured again per candidate.
    `${id}_bound AS MATERIALIZED (
         SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), ${PROXIMITY_MAX_M}) + ${SLACK_M}) AS reach
         FROM parcel_cells p JOIN ${id}_seed s ON s.cx = p.cx AND s.cy = p.cy
       )`,
  ];
  if (findLayer(kind.layer)?.geometryType === 'Point') {
    ctes.push(`${id}_candidates AS MATERIALIZED (
         SELECT s.cx, s.cy, f.geom, ${described(kind)}
         FROM ${id}_seed s JOIN ${layer} f ON ST_DWithin(f.geom, s.box, s.reach)
         WHERE ${kindFilter(kind)}
       )`);
    return ctes;
  }
  ctes.push(
    `${id}_near AS MATERIALIZED (
         SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > ${LONG_FEATURE_VERTICES} AS long, ${described(kind)}
         FROM ${id}_seed s JOIN ${layer} f ON f.geom && ST_Expand(s.box, s.reach)
         WHERE ${kindFilter(kind)}
       )`,
    // Each long feature is cut once per statement, whichever cells it is near.
    `${id}_pieces AS MATERIALIZED (
         SELECT l.id, ST_Subdivide(l.geom, ${PIECE_VERTICES}) AS geom
         FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM ${id}_near n WHERE n.long) l
       )`,
    `${id}_candidates AS MATERIALIZED (
         SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM ${id}_near n
         WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
         UNION ALL
         SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM ${id}_near n JOIN ${id}_pieces pc ON pc.id = n.id
         WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
       )`,
  );
  return ctes;
}

/** The kind's nearest feature of each parcel that has one (distance, then id: see above), as an item. */
function kindItems(kind: ProximityKind): string {
  const { id } = kind;
  return `SELECT n.parcel_id, '${id}' AS kind,
                json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                                  'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
         FROM (
           SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
           FROM ${id}_bound b JOIN ${id}_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
           ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
         ) n
         WHERE round(n.distance::numeric, 1) <= ${PROXIMITY_MAX_M}`;
}

/** Where a raw proximity row keeps its data gaps (no proximity kind has this id). */
export const DATA_GAPS_KEY = 'data_gaps';

/**
 * Per layer of the proximity kinds, the distance from each cell of parcels to the nearest gmina
 * within PROXIMITY_MAX_M where that layer lacks full data (`layer_pub.region_coverage` not
 * available): a nearest feature is only the nearest, and "none within 50 km" only true, where the
 * layer has data over the whole distance.
 *
 * Measured from a box holding whole every parcel of the cell (of layer_pub.parcels, not only the
 * selected ones, so a parcel gets the same answer live and in the read model): a parcel's own
 * distance is never smaller, so a gap is never missed, and one may be reported up to a cell's
 * extent early. Layers lacking data in the same gminas are measured once, by one nearest-piece
 * probe of the gminas' outlines per cell; where every gmina around has data nothing is probed.
 */
function dataGapCtes(layers: readonly string[]): string[] {
  const cell = (axis: 'X' | 'Y', column: string): string => `floor((ST_${axis}Min(q.geom) + ST_${axis}Max(q.geom)) / ${2 * CELL_M})::int = c.${column}`;
  return [
    `gap_cells AS MATERIALIZED (
         SELECT c.cx, c.cy, (
           SELECT ST_SetSRID(ST_Extent(q.geom)::geometry, ${STORAGE_SRID}) FROM layer_pub.parcels q
           WHERE q.geom && ST_MakeEnvelope(c.cx * ${CELL_M}, c.cy * ${CELL_M}, (c.cx + 1) * ${CELL_M}, (c.cy + 1) * ${CELL_M}, ${STORAGE_SRID})
             AND ${cell('X', 'cx')} AND ${cell('Y', 'cy')}) AS box
         FROM cells c
       )`,
    `lacking AS MATERIALIZED (
         SELECT l.layer, array_agg(g.fid ORDER BY g.fid) AS fids
         FROM (VALUES ${layers.map((layer) => `('${layer}')`).join(', ')}) l(layer)
         JOIN layer_pub.admin_bounds g ON g.kind = 'gmina'
           AND ST_DWithin(g.geom, (SELECT ST_SetSRID(ST_Extent(gc.box)::geometry, ${STORAGE_SRID}) FROM gap_cells gc), ${PROXIMITY_MAX_M})
         WHERE NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage rc
                           WHERE rc.level = 'gmina' AND rc.layer_id = l.layer AND rc.teryt = g.id AND rc.status = 'available')
         GROUP BY l.layer
       )`,
    `lacking_sets AS MATERIALIZED (
         SELECT array_agg(x.layer) AS layers, x.fids FROM lacking x GROUP BY x.fids
       )`,
    `data_gaps AS (
         SELECT gc.cx, gc.cy, json_object_agg(l.layer, round(d.m::numeric, 1)) AS gaps
         FROM gap_cells gc CROSS JOIN lacking_sets ls
         CROSS JOIN LATERAL (
           SELECT ST_Distance(s.geom, gc.box) AS m FROM layer_pub.admin_bounds_subdivided s
           WHERE s.kind = 'gmina' AND s.fid = ANY(ls.fids) AND s.geom && ST_Expand(gc.box, ${PROXIMITY_MAX_M})
           ORDER BY s.geom <-> gc.box LIMIT 1
         ) d
         CROSS JOIN LATERAL unnest(ls.layers) l(layer)
         WHERE d.m <= ${PROXIMITY_MAX_M}
         GROUP BY gc.cx, gc.cy
       )`,
  ];
}

/**
 * The nearest feature of every proximity kind for each selected parcel: one JSON object per parcel,
 * a kind without any feature left out; under DATA_GAPS_KEY the distances to gminas without full data
 * per layer (dataGapCtes). JSON, not jsonb: the rows are only read by our code, and
 * printing jsonb cost more than finding the features.
 */
export function proximitySql(selection: ParcelSelection): string {
  const kinds = PROXIMITY_KINDS.map(checked);
  return `WITH ${targetCte(selection)},
       parcel_cells AS MATERIALIZED (
         SELECT t.id, t.teryt, t.geom,
                floor((ST_XMin(t.geom) + ST_XMax(t.geom)) / ${2 * CELL_M})::int AS cx,
                floor((ST_YMin(t.geom) + ST_YMax(t.geom)) / ${2 * CELL_M})::int AS cy
         FROM t
       ),
       cells AS MATERIALIZED (
         SELECT g.cx, g.cy, g.box, ST_Centroid(g.box) AS centre
         FROM (SELECT p.cx, p.cy, ST_SetSRID(ST_Extent(p.geom)::geometry, ${STORAGE_SRID}) AS box FROM parcel_cells p GROUP BY p.cx, p.cy) g
       ),
       ${kinds.flatMap(kindCtes).join(',\n       ')},
       ${dataGapCtes([...new Set(kinds.map((k) => k.layer))]).join(',\n       ')},
       items AS (
         ${kinds.map(kindItems).join('\n         UNION ALL\n         ')}
         UNION ALL
         SELECT p.id, '${DATA_GAPS_KEY}', g.gaps FROM parcel_cells p JOIN data_gaps g ON g.cx = p.cx AND g.cy = p.cy
       )
       SELECT p.id AS parcel_id, p.teryt, COALESCE(i.found, '{}'::json) AS raw
       FROM parcel_cells p
       LEFT JOIN (SELECT items.parcel_id, json_object_agg(items.kind, items.item) AS found FROM items GROUP BY items.parcel_id) i ON i.parcel_id = p.id`;
}
