/**
 * PostGIS access for the generator: the pool (every connection carries the seed for
 * `<scratch>.u(key)`), the scratch schema with its helper functions, and loading real GeoJSON
 * inputs (parsed in Node, inserted as bind parameters, made valid and transformed to EPSG:2180).
 */
import fs from 'node:fs';
import pg from 'pg';

export const SEED_SETTING = 'demo_gen.seed';

export function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return name;
}

export function createPool(url: string, seed: string): pg.Pool {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(seed)) throw new Error('the seed may contain letters, digits, dot, dash and underscore only');
  // the seed travels as a session setting of every connection (read by <scratch>.u)
  return new pg.Pool({ connectionString: url, max: 3, application_name: 'demo-generate', options: `-c ${SEED_SETTING}=${seed}` });
}

/** Replaces `${S}` by the schema name. */
export function withSchema(schema: string): (text: string) => string {
  const s = assertIdentifier(schema);
  return (text: string) => text.split('${S}').join(s);
}

/**
 * Creates the scratch schema (dropping a stale one) and its helper functions:
 * - u(key) float8 in [0,1) from md5(seed | key): the SQL side of random.ts
 * - ui(key, lo, hi) integer in [lo, hi]
 * - pick(key, text[]) one element
 */
export async function createScratch(db: pg.Pool, schema: string): Promise<void> {
  const sql = withSchema(schema);
  await db.query(sql(`DROP SCHEMA IF EXISTS \${S} CASCADE`));
  await db.query(sql(`CREATE SCHEMA \${S}`));
  await db.query(
    sql(`CREATE FUNCTION \${S}.u(key text) RETURNS float8 LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT (('x' || substr(md5(current_setting('${SEED_SETTING}') || '|' || key), 1, 13))::bit(52)::bigint)::float8
             / 4503599627370496.0
    $$`),
  );
  await db.query(
    sql(`CREATE FUNCTION \${S}.ui(key text, lo integer, hi integer) RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT lo + floor(\${S}.u(key) * (hi - lo + 1))::integer
    $$`),
  );
  await db.query(
    sql(`CREATE FUNCTION \${S}.pick(key text, items text[]) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT items[1 + floor(\${S}.u(key) * array_length(items, 1))::integer]
    $$`),
  );
}

export async function dropScratch(db: pg.Pool, schema: string): Promise<void> {
  await db.query(withSchema(schema)(`DROP SCHEMA IF EXISTS \${S} CASCADE`));
}

export interface GeoJsonFeature {
  type: 'Feature';
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates: unknown } | null;
}

export function readFeatures(file: string): GeoJsonFeature[] {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const json = JSON.parse(text) as { type: string; features?: GeoJsonFeature[]; properties?: unknown };
  if (json.type === 'FeatureCollection') return json.features ?? [];
  if (json.type === 'Feature') return [json as unknown as GeoJsonFeature];
  throw new Error(`${file}: not GeoJSON features`);
}

/**
 * Inserts polygons into `table (key, name, geom)` from records; geometry GeoJSON in WGS84 is made
 * valid, transformed to 2180 and kept as MultiPolygon. Records without geometry are skipped.
 */
export async function insertPolygons(
  db: pg.Pool,
  table: string,
  records: ReadonlyArray<{ key: string; name: string | null; geometry: object | null }>,
): Promise<number> {
  const rows = records.filter((r) => r.geometry !== null);
  const chunk = 200;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk).map((r) => ({ key: r.key, name: r.name, geom: JSON.stringify(r.geometry) }));
    await db.query(
      `INSERT INTO ${table} (key, name, geom)
       SELECT x.key, x.name,
              ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(x.geom), 4326), 2180)), 3))
       FROM json_to_recordset($1::json) AS x(key text, name text, geom text)`,
      [JSON.stringify(part)],
    );
  }
  return rows.length;
}

/** Runs statements in order, each on the pool. */
export async function run(db: pg.Pool, statements: ReadonlyArray<string | [string, unknown[]]>): Promise<void> {
  for (const s of statements) {
    if (typeof s === 'string') await db.query(s);
    else await db.query(s[0], s[1]);
  }
}
