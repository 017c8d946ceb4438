import { findLayer, hasSubdividedView } from '@lp/contracts';
import { ENV_KINDS, ENV_REACH_M, envColumn, FRONT_COLUMNS, NEAREST_COLUMNS, NEAREST_REACH_M, type FrontColumn, type NearestColumn } from './index-columns.js';

/**
 * The distance columns of one gmina's index rows (nearest features and fronts), set-based over grid
 * cells of parcels.
 *
 * The nearest-feature columns are found the way parcel-svc's proximity
 * facts find them (apps/parcel-svc/src/facts/proximity/proximity.sql.ts), instead of an index KNN
 * probe per parcel and column:
 *  1. parcels are grouped into grid cells of CELL_M (by the centre of their bounding box);
 *  2. one KNN probe per cell finds a feature near the cell's centre and its point `y` closest to it:
 *     every parcel `p` of the cell has a feature within d(p, y), the whole cell within
 *     ST_MaxDistance(box, y); both capped at the reach, beyond which the column is null anyway;
 *  3. the cell's candidates are the features within that of its box (GiST), and a parcel measures
 *     only those whose bounding box meets its own grown by its bound.
 * The nearest is the feature at the smallest distance and, among features at the same distance, the
 * one whose id comes first in byte order: the tie-break the proximity facts use, so parcel detail and
 * the index name the same feature. A layer kept in pieces (contracts' hasSubdividedView) is measured
 * piece by piece, as before; a column with a minimum reads the whole features (pieces carry no
 * attributes). A column not in the build's $6 (nothing within reach of the gmina) is not probed.
 */
const CELL_M = 250;
/** `y` is computed (ST_ClosestPoint), so it may lie a rounding error off its feature: a wider bound only adds candidates. */
const SLACK_M = 1;

/**
 * A column's kinds and minimum as conditions on the feature (or piece) `alias`. Every name comes
 * from index-columns.ts (checked against the catalogue), never from input.
 */
export function featureConditions(column: NearestColumn, alias = 'f'): string[] {
  const all: string[] = [];
  if (column.kinds) all.push(`${alias}.kind IN (${column.kinds.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ')})`);
  if (column.minimum) all.push(`${alias}.${column.minimum.attribute} >= ${column.minimum.value}`);
  return all;
}

function conditions(column: NearestColumn, alias: string): string {
  return featureConditions(column, alias).join(' AND ') || 'true';
}

function usesPieces(column: NearestColumn): boolean {
  const layer = findLayer(column.layer);
  return layer !== undefined && hasSubdividedView(layer) && !column.minimum;
}

/** Grid nodes carry their capacity along with the name (the `grid_node_mw` column). */
function carriesCapacity(column: NearestColumn): boolean {
  return column.layer === 'grid_capacity';
}

/** What a candidate carries besides its geometry: the feature's id (tie-break), name and, for grid nodes, capacity. */
function carried(column: NearestColumn): string {
  return `f.id, f.name${carriesCapacity(column) ? ', f.available_mw AS mw' : ''}`;
}

function columnCtes(column: NearestColumn): string {
  const name = column.column;
  const pieces = usesPieces(column);
  const mw = carriesCapacity(column);
  const source = pieces ? `layer_pub.${column.layer}_subdivided` : `layer_pub.${column.layer}`;
  const candidates = pieces
    ? `SELECT s.cx, s.cy, g.geom, ${carried(column)}
         FROM ${name}_seed s
         JOIN ${source} g ON ST_DWithin(g.geom, s.box, s.reach) AND ${conditions(column, 'g')}
         JOIN layer_pub.${column.layer} f ON f.fid = g.fid`
    : `SELECT s.cx, s.cy, f.geom, ${carried(column)}
         FROM ${name}_seed s
         JOIN ${source} f ON ST_DWithin(f.geom, s.box, s.reach) AND ${conditions(column, 'f')}`;
  return `${name}_seed AS MATERIALIZED (
      SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + ${SLACK_M}, ${NEAREST_REACH_M}) AS reach
      FROM cells c
      CROSS JOIN LATERAL (
        SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM ${source} g
        WHERE ${conditions(column, 'g')} ORDER BY g.geom <-> c.centre LIMIT 1
      ) n
      WHERE '${name}' = ANY($6::text[])
    ),
    ${name}_bound AS MATERIALIZED (
      SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + ${SLACK_M}, ${NEAREST_REACH_M})) AS reach
      FROM parcel_cells p JOIN ${name}_seed s ON s.cx = p.cx AND s.cy = p.cy
    ),
    ${name}_candidates AS MATERIALIZED (
      ${candidates}
    ),
    ${name} AS (
      SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name${mw ? ', n.mw' : ''}
      FROM (
        SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name${mw ? ', c.mw' : ''}
        FROM ${name}_bound b JOIN ${name}_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
        OFFSET 0 -- each distance measured once, not again in the filter
      ) n
      WHERE n.m <= ${NEAREST_REACH_M}
      ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
    )`;
}

/**
 * A front (index-columns.ts FrontColumn) per parcel: the features within reach that have more of the
 * attribute than every nearer one, as two arrays in distance order. A cell's candidates are the
 * features within reach of its box, each with its least and greatest distance to the box (`lo`,
 * `hi`); a candidate `a` is dropped when another `b` has at least its value and `hi(b) < lo(a)`: `b`
 * is then strictly nearer to every parcel of the cell, so `a` is on no parcel's front, and since
 * anything `a` precedes `b` precedes too, dropping `a` changes no other step. Each parcel measures the
 * few candidates left (a handful of about 40 within 30 km in Poznań) instead of every one.
 */
function frontCtes(front: FrontColumn): string {
  const name = front.column;
  return `${name}_candidates AS MATERIALIZED (
      SELECT c.cx, c.cy, f.geom, f.${front.attribute}::float8 AS v, ST_Distance(f.geom, c.box) AS lo, ST_MaxDistance(f.geom, c.box) AS hi
      FROM cells c
      JOIN layer_pub.${front.layer} f ON ST_DWithin(f.geom, c.box, ${front.reachM}) AND f.${front.attribute} IS NOT NULL
      WHERE '${name}' = ANY($6::text[])
    ),
    ${name}_kept AS MATERIALIZED (
      SELECT a.cx, a.cy, a.geom, a.v
      FROM ${name}_candidates a
      JOIN (SELECT g.cx, g.cy, array_agg(g.hi) AS his, array_agg(g.v) AS vs FROM ${name}_candidates g GROUP BY g.cx, g.cy) cell
        ON cell.cx = a.cx AND cell.cy = a.cy
      WHERE NOT EXISTS (SELECT 1 FROM unnest(cell.his, cell.vs) AS b(hi, v) WHERE b.hi + ${SLACK_M} < a.lo AND b.v >= a.v)
    ),
    ${name} AS (
      SELECT s.parcel_id, array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
      FROM (
        SELECT r.parcel_id, r.m, r.v,
               max(r.v) OVER (PARTITION BY r.parcel_id ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
        FROM (
          SELECT p.id AS parcel_id, ST_Distance(k.geom, p.geom) AS m, k.v
          FROM parcel_cells p JOIN ${name}_kept k ON k.cx = p.cx AND k.cy = p.cy
          OFFSET 0
        ) r
        WHERE r.m <= ${front.reachM}
      ) s
      WHERE s.before IS NULL OR s.v > s.before
      GROUP BY s.parcel_id
    )`;
}

/**
 * The distance to the nearest area of each kind of env_layers within ENV_REACH_M (`env`, one column a
 * kind). A cell's candidates are the pieces of those kinds within reach of its box, each with its
 * least distance to the box (`lo`) and a bound on its distance to any point of the box (`hi`: to the
 * box's centre plus half its diagonal). A piece whose `lo` exceeds the least `hi` of its kind in the
 * cell is farther from every parcel of the cell than that piece, so it is never the nearest and is
 * not measured: a parcel inside a national park measures the piece it lies in and its neighbours,
 * not every piece of the park within a kilometre.
 */
const ENV_CTES = `env_candidates AS MATERIALIZED (
      SELECT c.cx, c.cy, s.kind, s.geom, ST_Distance(s.geom, c.box) AS lo,
             ST_Distance(s.geom, c.centre) + ST_MaxDistance(c.box, c.centre) AS hi
      FROM cells c
      JOIN layer_pub.env_layers_subdivided s ON ST_DWithin(s.geom, c.box, ${ENV_REACH_M}) AND s.kind IN (${ENV_KINDS.map((k) => `'${k}'`).join(', ')})
    ),
    env_kept AS MATERIALIZED (
      SELECT a.cx, a.cy, a.kind, a.geom
      FROM env_candidates a
      JOIN (SELECT g.cx, g.cy, g.kind, min(g.hi) AS hi FROM env_candidates g GROUP BY g.cx, g.cy, g.kind) nearest
        ON nearest.cx = a.cx AND nearest.cy = a.cy AND nearest.kind = a.kind
      WHERE a.lo <= nearest.hi + ${SLACK_M}
    ),
    env AS (
      SELECT x.parcel_id,
             ${ENV_KINDS.map((k) => `min(x.d) FILTER (WHERE x.kind = '${k}') AS ${envColumn(k)}`).join(',\n             ')}
      FROM (
        SELECT p.id AS parcel_id, k.kind, ST_Distance(k.geom, p.geom) AS d
        FROM parcel_cells p JOIN env_kept k ON k.cx = p.cx AND k.cy = p.cy AND k.geom && ST_Expand(p.geom, ${ENV_REACH_M})
        OFFSET 0
      ) x
      WHERE x.d <= ${ENV_REACH_M}
      GROUP BY x.parcel_id
    )`;

/**
 * The CTEs of the build (after `t`): the parcels' cells, then per nearest-feature column and per
 * front a CTE of the column's name keyed by parcel_id.
 */
export function distanceColumnCtes(): string {
  return `parcel_cells AS MATERIALIZED (
      SELECT t.id, t.geom,
             floor((ST_XMin(t.geom) + ST_XMax(t.geom)) / ${2 * CELL_M})::int AS cx,
             floor((ST_YMin(t.geom) + ST_YMax(t.geom)) / ${2 * CELL_M})::int AS cy
      FROM t
    ),
    cells AS MATERIALIZED (
      SELECT g.cx, g.cy, g.box, ST_Centroid(g.box) AS centre
      FROM (SELECT p.cx, p.cy, ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM parcel_cells p GROUP BY p.cx, p.cy) g
    ),
    ${NEAREST_COLUMNS.map(columnCtes).join(',\n    ')},
    ${FRONT_COLUMNS.map(frontCtes).join(',\n    ')},
    ${ENV_CTES}`;
}

/** The joins of the distance columns' CTEs to the gmina's parcels `t`. */
export function distanceColumnJoins(): string {
  return [...NEAREST_COLUMNS, ...FRONT_COLUMNS, { column: 'env' }].map((c) => `LEFT JOIN ${c.column} ON ${c.column}.parcel_id = t.id`).join('\n    ');
}
