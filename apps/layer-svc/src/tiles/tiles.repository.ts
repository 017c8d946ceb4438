import { Injectable } from '@nestjs/common';
import type { AttributeType, LayerDefinition } from '@lp/contracts';
import type { Bbox, TileAddress } from '@lp/geo';
import type { EntityManager } from 'typeorm';
import { servedVersionOf, type ServedStateRow, type ServedVersion } from '../serving/served-version.repository.js';
import { TILE_BUFFER, TILE_EXTENT, tileAttributes } from './tile-policy.js';

const IDENTIFIER = /^[a-z][a-z0-9_]{0,50}$/;

/** A typed attribute read from `attrs`; a value of another JSON type is left out of the tile. */
const TYPED: Record<AttributeType, (json: string, text: string) => string> = {
  number: (json, text) => `CASE WHEN jsonb_typeof(${json}) = 'number' THEN (${text})::double precision END`,
  integer: (json, text) => `CASE WHEN jsonb_typeof(${json}) = 'number' THEN (${text})::numeric::bigint END`,
  boolean: (json, text) => `CASE WHEN jsonb_typeof(${json}) = 'boolean' THEN (${text})::boolean END`,
  string: (_json, text) => text,
  date: (_json, text) => text,
};

/** When a tile is capped, the largest features stay: area for polygons, length for lines. */
function importanceOrder(layer: LayerDefinition): string {
  if (layer.geometryType === 'Polygon') return 'ST_Area(f.geom) DESC, f.fid';
  if (layer.geometryType === 'LineString') return 'ST_Length(f.geom) DESC, f.fid';
  return 'f.fid';
}

/**
 * One MVT tile of a version table. `$1..$3` z/x/y; `$4..$7` the tile's WGS84 box with the buffer,
 * clipped to Poland, densified by `$8` degrees and transformed to EPSG:2180 so the GiST index
 * answers `geom && box`; `$9` cap + 1, `$10` simplification tolerance (m), `$11` cap, `$12` kinds
 * (null: all), `$13` the layer id. Geometry is cut in web mercator (ST_TileEnvelope).
 *
 * The largest `$11` features are kept by a top-N sort; PostgreSQL evaluates the costly
 * ST_AsMVTGeom only for the rows the LIMIT lets through, and `truncated` counts at most cap + 1
 * candidates in the index. \`shaped\` is materialised because inlined, the planner evaluated
 * ST_AsMVTGeom twice per feature: once for \`geom IS NOT NULL\`, once for the tile.
 *
 * The statement also answers the layer's served state as of its own snapshot: when that names the
 * table read, the tile is the served version's, with no transaction around it.
 * Exported so tests can EXPLAIN it.
 */
export function tileSql(layer: LayerDefinition, table: string): string {
  const attributes = tileAttributes(layer).map((attribute) => {
    if (!IDENTIFIER.test(attribute.name)) throw new Error(`attribute ${attribute.name} of ${layer.id} cannot be a tile property`);
    return `${TYPED[attribute.type](`f.attrs->'${attribute.name}'`, `f.attrs->>'${attribute.name}'`)} AS "${attribute.name}"`;
  });
  const inTile = `f.geom && ST_Transform(ST_Segmentize(ST_MakeEnvelope($4, $5, $6, $7, 4326), $8::float8), 2180)
        AND ($12::text[] IS NULL OR f.kind = ANY($12::text[]))`;
  return `WITH served AS (
      SELECT version, table_name, refreshed_at, feature_count FROM layer.layer_state WHERE layer_id = $13
    ), shaped AS MATERIALIZED (
      SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt${attributes.map((column) => `, ${column}`).join('')},
             ST_AsMVTGeom(ST_Transform(CASE WHEN $10::float8 > 0 THEN ST_Simplify(f.geom, $10::float8, true) ELSE f.geom END, 3857),
                          ST_TileEnvelope($1, $2, $3), ${TILE_EXTENT}, ${TILE_BUFFER}, true) AS geom
      FROM layer.${table} f
      WHERE ${inTile}
      ORDER BY ${importanceOrder(layer)}
      LIMIT $11
    )
    SELECT ST_AsMVT(shaped.*, '${layer.id}', ${TILE_EXTENT}, 'geom', 'fid') AS mvt,
           count(*) AS features,
           (SELECT count(*) FROM (SELECT 1 FROM layer.${table} f WHERE ${inTile} LIMIT $9) candidates) > $11 AS truncated,
           (SELECT version FROM served) AS version, (SELECT table_name FROM served) AS table_name,
           (SELECT refreshed_at FROM served) AS refreshed_at, (SELECT feature_count FROM served) AS feature_count
    FROM shaped
    WHERE shaped.geom IS NOT NULL`;
}

export interface TileBytes {
  mvt: Buffer;
  features: number;
  truncated: boolean;
}

/** A cut tile and the layer's served state the statement saw. */
export interface TileCut extends TileBytes {
  served: ServedVersion;
}

/**
 * All SQL of vector tiles. `db` is a transaction's manager (the base map, TileJSON) or the data
 * source's own (a vector tile: one statement that checks the served state itself).
 */
@Injectable()
export class TilesRepository {
  async tile(db: EntityManager, layer: LayerDefinition, table: string, tile: TileAddress, box: Bbox, options: { segmentDeg: number; cap: number; toleranceM: number; kinds: readonly string[] | null }): Promise<TileCut> {
    const rows: Array<{ mvt: Buffer | null; features: string; truncated: boolean | null } & ServedStateRow> = await db.query(tileSql(layer, table), [
      tile.z,
      tile.x,
      tile.y,
      box.minLng,
      box.minLat,
      box.maxLng,
      box.maxLat,
      options.segmentDeg,
      options.cap + 1,
      options.toleranceM,
      options.cap,
      options.kinds,
      layer.id,
    ]);
    const row = rows[0];
    return { mvt: row?.mvt ?? Buffer.alloc(0), features: Number(row?.features ?? 0), truncated: row?.truncated === true, served: servedVersionOf(layer.id, row) };
  }

  /** Extent of a version's data in WGS84, recorded on every row at refresh (`source_bbox`); null when empty. */
  async dataBounds(db: EntityManager, table: string): Promise<[number, number, number, number] | null> {
    const rows: Array<{ bounds: number[] }> = await db.query(
      `SELECT ARRAY[ST_XMin(source_bbox), ST_YMin(source_bbox), ST_XMax(source_bbox), ST_YMax(source_bbox)]::float8[] AS bounds
       FROM layer.${table} WHERE source_bbox IS NOT NULL LIMIT 1`,
    );
    const bounds = rows[0]?.bounds;
    return bounds && bounds.length === 4 ? (bounds.map((value) => Math.round(value * 1e7) / 1e7) as [number, number, number, number]) : null;
  }
}
