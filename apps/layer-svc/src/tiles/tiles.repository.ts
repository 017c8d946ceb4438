import { Injectable } from '@nestjs/common';
import type { AttributeType, LayerDefinition } from '@lp/contracts';
import type { TileAddress } from '@lp/geo';
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

/**
 * One MVT tile of a version table. `$1..$3` z/x/y; `$4` cap + 1, `$5` simplification tolerance
 * (web-mercator units), `$6` cap, `$7` kinds (null: all), `$8` the layer id. Tiles read the
 * version table's web-mercator copy of each geometry (layer-tables.ts TILE_GEOMETRY_COLUMNS): its
 * spatial index finds the features in the tile's exact envelope with the MVT buffer, and nothing is
 * transformed while the tile is cut.
 *
 * The `$6` features of most weight (area, length; fid breaks ties) are kept by a top-N sort;
 * PostgreSQL evaluates the costly ST_AsMVTGeom only for the rows the LIMIT lets through, once each
 * (a subquery with a LIMIT is not flattened into the aggregate that filters and encodes its rows). A
 * feature whose geometry falls outside the tile proper is cut by the box test but has no MVT
 * geometry: it is left out.
 *
 * `truncated` (features were left out by the cap) needs the candidates counted only when the cap
 * was reached: below it, every candidate was kept. The count is an InitPlan, and PostgreSQL runs
 * an InitPlan only when its value is first needed, so \`AND\` skips it for most tiles.
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
  const inTile = `f.geom_web && ST_TileEnvelope($1, $2, $3, margin => ${TILE_BUFFER / TILE_EXTENT})
          AND ($7::text[] IS NULL OR f.kind = ANY($7::text[]))`;
  return `SELECT tile.mvt, tile.features, tile.truncated, s.version, s.table_name, s.refreshed_at, s.feature_count
    FROM (
      SELECT ST_AsMVT(kept, '${layer.id}', ${TILE_EXTENT}, 'geom', 'fid') FILTER (WHERE kept.geom IS NOT NULL) AS mvt,
             count(kept.geom) AS features,
             count(*) = $6 AND (SELECT count(*) FROM (SELECT 1 FROM layer.${table} f WHERE ${inTile} LIMIT $4) candidates) > $6 AS truncated
      FROM (
        SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt${attributes.map((column) => `, ${column}`).join('')},
               ST_AsMVTGeom(CASE WHEN $5::float8 > 0 THEN ST_Simplify(f.geom_web, $5::float8, true) ELSE f.geom_web END,
                            ST_TileEnvelope($1, $2, $3), ${TILE_EXTENT}, ${TILE_BUFFER}, true) AS geom
        FROM layer.${table} f
        WHERE ${inTile}
        ORDER BY f.tile_weight DESC, f.fid
        LIMIT $6
      ) kept
    ) tile
    LEFT JOIN layer.layer_state s ON s.layer_id = $8`;
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

/** What the repository needs of the pg client under a TypeORM query runner: a query by config. */
interface PgClient {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * The tile statement of each layer prepared on each connection, by name. Parsing and planning the
 * statement cost as much as cutting a tile of a few dozen features; prepared once
 * per connection, a tile costs only its execution. The text names the version table, so a refresh
 * brings a new statement: the layer's previous one is deallocated then, and names are never reused
 * (pg remembers which names it has parsed on a connection).
 */
const preparedTiles = new WeakMap<object, Map<string, { name: string; text: string }>>();
let preparedCount = 0;

/** Each layer's tile statement for the table it was last cut from: written once a version, not once a tile. */
const tileTexts = new Map<string, { table: string; text: string }>();

function tileText(layer: LayerDefinition, table: string): string {
  let known = tileTexts.get(layer.id);
  if (known?.table !== table) tileTexts.set(layer.id, (known = { table, text: tileSql(layer, table) }));
  return known.text;
}

/**
 * All SQL of vector tiles. `db` is a transaction's manager (the base map, TileJSON) or the data
 * source's own (a vector tile: one statement that checks the served state itself).
 */
@Injectable()
export class TilesRepository {
  async tile(db: EntityManager, layer: LayerDefinition, table: string, tile: TileAddress, options: { cap: number; tolerance: number; kinds: readonly string[] | null }): Promise<TileCut> {
    const values = [tile.z, tile.x, tile.y, options.cap + 1, options.tolerance, options.cap, options.kinds, layer.id];
    const rows = (await this.prepared(db, layer.id, tileText(layer, table), values)) as Array<{ mvt: Buffer | null; features: string; truncated: boolean | null } & ServedStateRow>;
    const row = rows[0];
    return { mvt: row?.mvt ?? Buffer.alloc(0), features: Number(row?.features ?? 0), truncated: row?.truncated === true, served: servedVersionOf(layer.id, row) };
  }

  /** Runs `text` as the layer's prepared tile statement on the connection of `db` (its transaction's, or one from the pool). */
  private async prepared(db: EntityManager, layerId: string, text: string, values: unknown[]): Promise<unknown[]> {
    const runner = db.queryRunner ?? db.connection.createQueryRunner();
    try {
      const client = (await runner.connect()) as PgClient;
      let byLayer = preparedTiles.get(client);
      if (!byLayer) preparedTiles.set(client, (byLayer = new Map()));
      let statement = byLayer.get(layerId);
      if (statement?.text !== text) {
        if (statement) await client.query({ text: `DEALLOCATE ${statement.name}` });
        statement = { name: `lp_tile_${++preparedCount}`, text };
        byLayer.set(layerId, statement);
      }
      return (await client.query({ name: statement.name, text, values })).rows;
    } finally {
      if (!db.queryRunner) await runner.release();
    }
  }

  /**
   * Extent of a version's data in WGS84, as measured when the version was built; a version built
   * before extents were measured has its source's box on every row (`source_bbox`). Null when empty.
   */
  async dataBounds(db: EntityManager, table: string): Promise<[number, number, number, number] | null> {
    const rows: Array<{ bounds: number[] }> = await db.query(
      `SELECT ARRAY[ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)]::float8[] AS bounds
       FROM (SELECT COALESCE((SELECT extent_wgs84::geometry FROM layer.version_extents WHERE table_name = $1),
                             (SELECT source_bbox FROM layer.${table} WHERE source_bbox IS NOT NULL LIMIT 1)) AS b) x
       WHERE b IS NOT NULL`,
      [table],
    );
    const bounds = rows[0]?.bounds;
    if (!bounds || bounds.length !== 4) return null;
    // Rounded outwards to 1e-7°, so that the bounds still hold every feature.
    const [west, south, east, north] = bounds as [number, number, number, number];
    return [Math.floor(west * 1e7) / 1e7, Math.floor(south * 1e7) / 1e7, Math.ceil(east * 1e7) / 1e7, Math.ceil(north * 1e7) / 1e7];
  }
}
