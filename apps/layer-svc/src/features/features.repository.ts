import { provenanceJsonSql } from '@lp/db';
import { Injectable } from '@nestjs/common';
import type { LayerDefinition, OgcCrs } from '@lp/contracts';
import type { QueryRunner } from 'typeorm';

/** Attributes kept in columns of their own, not in `attrs`. */
const COLUMN_ATTRIBUTES = new Set(['name', 'teryt']);
/** Property names of every feature that no attribute may take over. */
const RESERVED = new Set(['kind', 'name', 'teryt', 'provenance', 'geometry_simplified_m']);
const IDENTIFIER = /^[a-z][a-z0-9_]{0,50}$/;

/**
 * Densify the WGS84 box `$4..$7` before transforming it: in EPSG:2180 a parallel is a curve, and a
 * 1° edge drawn as one straight chord would be off by about 100 m. 0.01° steps keep it within
 * centimetres.
 */
function envelopeSql(srid: 4326 | 2180, first: number): string {
  const corners = [0, 1, 2, 3].map((k) => `$${first + k}`).join(', ');
  // a box given in EPSG:2180 is already in the column's CRS
  return srid === 2180 ? `ST_MakeEnvelope(${corners}, 2180)` : `ST_Transform(ST_Segmentize(ST_MakeEnvelope(${corners}, 4326), 0.01), 2180)`;
}
const ENVELOPE_FROM_WGS84 = envelopeSql(4326, 4);
const ENVELOPE_2180 = envelopeSql(2180, 4);

/**
 * The box of a listing, x and y as PostGIS orders them: longitude, latitude (srid 4326) or
 * easting, northing (srid 2180, whatever axis order the client wrote).
 */
export interface FeatureArea {
  srid: 4326 | 2180;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

/**
 * A geometry (EPSG:2180) as GeoJSON in the CRS asked for. CRS84: WGS84 longitude, latitude to 7
 * decimals (about 1 cm). EPSG:2180: OGC API - Features Part 2 wants the axis order of the CRS
 * definition, which for EPSG:2180 is northing then easting, hence the flip; 2 decimals are 1 cm.
 * Options 0: no GeoJSON `crs` member (RFC 7946 has none; Part 2 names the CRS in Content-Crs).
 */
export function geometryJsonSql(geometry: string, crs: OgcCrs): string {
  return crs === 'EPSG:2180' ? `ST_AsGeoJSON(ST_FlipCoordinates(${geometry}), 2, 0)::json` : `ST_AsGeoJSON(ST_Transform(${geometry}, 4326), 7)::json`;
}

export interface FeatureRow {
  fid: number;
  /** The GeoJSON feature as text, as PostgreSQL wrote it. */
  feature: string;
  bytes: number;
}

/** A row `f` of a version table as a GeoJSON Feature (CRS84 unless asked otherwise), built by PostgreSQL. */
export function featureJsonSql(layer: LayerDefinition, geometry = 'f.geom', crs: OgcCrs = 'CRS84'): string {
  const attributes = layer.attributes
    .filter((attribute) => !COLUMN_ATTRIBUTES.has(attribute.name))
    .map((attribute) => {
      if (!IDENTIFIER.test(attribute.name) || RESERVED.has(attribute.name)) throw new Error(`attribute ${attribute.name} of ${layer.id} cannot be a feature property`);
      return `'${attribute.name}', f.attrs->'${attribute.name}'`;
    });
  return `json_build_object(
      'type', 'Feature',
      'id', f.ext_id,
      'geometry', ${geometryJsonSql(geometry, crs)},
      'properties', json_build_object(
        'kind', f.kind, 'name', f.name, 'teryt', f.teryt,
        ${attributes.map((pair) => `${pair},`).join(' ')}
        'provenance', ${provenanceJsonSql('f', layer.id)}
      )
    )::text`;
}

export interface FeaturePageShape {
  /** The SRID of the box `$4..$7`, or null for no box. */
  boxSrid?: 4326 | 2180 | null;
  /** A compiled CQL2 filter on row `f`. */
  filterSql?: string;
  /** The CRS of the geometries written. */
  crs?: OgcCrs;
}

/**
 * One page: features after `$1` (fid) in fid order, at most `$2` of them, cut where their JSON
 * passes `$3` bytes; with a box, only those whose geometry intersects the box `$4..$7`. The box
 * is transformed to the column's SRID, so `geom && box` is answered by the GiST index; only the
 * output is transformed to the CRS asked for. Without a box the fid order walks the primary key.
 * Exported so tests can EXPLAIN the very statement that runs. `filterSql` (a compiled CQL2 filter)
 * numbers its parameters after these.
 */
export function featurePageSql(layer: LayerDefinition, table: string, shape: FeaturePageShape = { boxSrid: 4326 }): string {
  const envelope = shape.boxSrid === 2180 ? ENVELOPE_2180 : ENVELOPE_FROM_WGS84;
  const inBox = shape.boxSrid ? `AND f.geom && ${envelope} AND ST_Intersects(f.geom, ${envelope})` : '';
  const filtered = shape.filterSql ? `AND ${shape.filterSql}` : '';
  return `WITH page AS (
      SELECT f.fid, ${featureJsonSql(layer, 'f.geom', shape.crs)} AS feature
      FROM layer.${table} f
      WHERE f.fid > $1 ${inBox} ${filtered}
      ORDER BY f.fid
      LIMIT $2
    ), sized AS (
      SELECT fid, feature, octet_length(feature) AS bytes,
             sum(octet_length(feature)) OVER (ORDER BY fid ROWS UNBOUNDED PRECEDING) AS bytes_through,
             count(*) OVER () AS fetched
      FROM page
    )
    SELECT fid, feature, bytes, fetched FROM sized
    WHERE bytes_through - bytes < $3
    ORDER BY fid`;
}

/** All SQL of feature pages; runs on the caller's transaction (see ServedVersionRepository). */
@Injectable()
export class FeaturesRepository {
  /**
   * Up to `fetch` features after `afterFid`, but only as many whole features as start within
   * `budgetBytes` of JSON (the rest is not sent back by PostgreSQL). `fetched` is how many matched
   * up to `fetch`, so the caller knows whether more follow.
   */
  async page(
    q: QueryRunner,
    layer: LayerDefinition,
    table: string,
    where: { area: FeatureArea | null; filter?: (firstParam: number) => { sql: string; params: unknown[] } },
    afterFid: number,
    fetch: number,
    budgetBytes: number,
    crs: OgcCrs = 'CRS84',
  ): Promise<{ rows: FeatureRow[]; fetched: number }> {
    const { area } = where;
    const params: unknown[] = [afterFid, fetch, budgetBytes, ...(area ? [area.xmin, area.ymin, area.xmax, area.ymax] : [])];
    const filter = where.filter?.(params.length + 1);
    const shape: FeaturePageShape = { boxSrid: area?.srid ?? null, crs, ...(filter ? { filterSql: filter.sql } : {}) };
    const rows: Array<{ fid: string; feature: string; bytes: number; fetched: string }> = await q.query(featurePageSql(layer, table, shape), [
      ...params,
      ...(filter?.params ?? []),
    ]);
    return {
      rows: rows.map((row) => ({ fid: Number(row.fid), feature: row.feature, bytes: Number(row.bytes) })),
      fetched: rows.length > 0 ? Number(rows[0]!.fetched) : 0,
    };
  }

  /**
   * The features whose geometry intersects the box, counted up to `bound` (the GiST index scan
   * stops there): an export past its limit is known at the cost of `bound` index entries, not of
   * reading and writing every page first.
   */
  async countUpTo(q: QueryRunner, table: string, area: FeatureArea, bound: number): Promise<number> {
    const envelope = envelopeSql(area.srid, 2);
    const rows: Array<{ n: number }> = await q.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM layer.${table} f WHERE f.geom && ${envelope} AND ST_Intersects(f.geom, ${envelope}) LIMIT $1) c`,
      [bound, area.xmin, area.ymin, area.xmax, area.ymax],
    );
    return rows[0]?.n ?? 0;
  }

  /** One feature by its id (the GeoJSON id, ext_id: unique in a version), or null. */
  async byId(q: QueryRunner, layer: LayerDefinition, table: string, featureId: string, crs: OgcCrs = 'CRS84'): Promise<FeatureRow | null> {
    const rows: Array<{ fid: string; feature: string }> = await q.query(`SELECT f.fid, ${featureJsonSql(layer, 'f.geom', crs)} AS feature FROM layer.${table} f WHERE f.ext_id = $1`, [featureId]);
    const row = rows[0];
    return row ? { fid: Number(row.fid), feature: row.feature, bytes: Buffer.byteLength(row.feature) } : null;
  }

  /** One feature with its geometry simplified by `toleranceM` metres (in EPSG:2180, topology kept). */
  async simplifiedFeature(q: QueryRunner, layer: LayerDefinition, table: string, fid: number, toleranceM: number, crs: OgcCrs = 'CRS84'): Promise<string> {
    const rows: Array<{ feature: string }> = await q.query(
      `SELECT ${featureJsonSql(layer, 'ST_SimplifyPreserveTopology(f.geom, $2)', crs)} AS feature FROM layer.${table} f WHERE f.fid = $1`,
      [fid, toleranceM],
    );
    return rows[0]!.feature;
  }
}
