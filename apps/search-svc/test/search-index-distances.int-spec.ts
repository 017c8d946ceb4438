import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ENV_KINDS, ENV_REACH_M, envColumn, FRONT_COLUMNS, NEAREST_COLUMNS, NEAREST_REACH_M, type NearestColumn } from '../src/search-index/index-columns.js';
import { SqlParams } from '@lp/db';
import { nearSql } from '../src/engine/filter-sql.js';
import { searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * The index build finds distances set-based, per 250 m cell of parcels, pruning candidates
 * (distance-columns.sql.ts). Whatever it prunes, every parcel of the small demo must carry what the
 * plainest PostGIS gives, parcel by parcel over whole features: the nearest feature's distance and
 * name (first id in byte order at equal distance), the grid-capacity front, the distance to each env
 * kind. Distances to pieces equal those to whole features to within 1e-6 m.
 */

const TOLERANCE_M = 1e-6;

function conditions(column: NearestColumn): string {
  const all = ['ST_DWithin(f.geom, p.geom, $1)'];
  if (column.kinds) all.push(`f.kind IN (${column.kinds.map((k) => `'${k}'`).join(', ')})`);
  if (column.minimum) all.push(`f.${column.minimum.attribute} >= ${column.minimum.value}`);
  return all.join(' AND ');
}

describe('the search index distance columns', () => {
  let f: SearchEngineFixture;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
  }, 600_000);

  afterAll(async () => {
    await f?.close();
  });

  async function mismatches(sql: string, params: unknown[]): Promise<Array<Record<string, unknown>>> {
    return f.source.query(sql, params);
  }

  it('hold a row for every parcel, so the comparisons below cover them all', async () => {
    const [{ parcels, indexed }]: Array<{ parcels: number; indexed: number }> = await f.source.query(
      `SELECT (SELECT count(*)::int FROM layer_pub.parcels) AS parcels, (SELECT count(*)::int FROM search.parcel_index) AS indexed`,
    );
    expect(parcels).toBeGreaterThan(1000);
    expect(indexed).toBe(parcels);
  });

  it.each(NEAREST_COLUMNS.map((c) => [c.column, c] as const))('name the nearest %s and its distance as a per-parcel query does', async (_name, column) => {
    const bad = await mismatches(
      `SELECT i.parcel_id, i.${column.column}_m AS index_m, i.${column.column}_name AS index_name, q.m, q.name
       FROM search.parcel_index i
       JOIN layer_pub.parcels p ON p.id = i.parcel_id
       LEFT JOIN LATERAL (
         SELECT ST_Distance(f.geom, p.geom) AS m, f.name FROM layer_pub.${column.layer} f
         WHERE ${conditions(column)}
         ORDER BY ST_Distance(f.geom, p.geom), f.id COLLATE "C" LIMIT 1) q ON true
       WHERE (i.${column.column}_m IS NULL) <> (q.m IS NULL) OR abs(i.${column.column}_m - q.m) > ${TOLERANCE_M}
          OR i.${column.column}_name IS DISTINCT FROM q.name
       LIMIT 5`,
      [NEAREST_REACH_M],
    );
    expect(bad).toEqual([]);
    const [{ found }]: Array<{ found: number }> = await f.source.query(`SELECT count(${column.column}_m)::int AS found FROM search.parcel_index`);
    expect(found).toBeGreaterThan(0);
  }, 120_000);

  it.each(FRONT_COLUMNS.map((c) => [c.column, c] as const))('keep the %s front the plain window over every feature within reach gives', async (_name, front) => {
    const bad = await mismatches(
      `SELECT i.parcel_id, i.${front.column}_m AS index_m, i.${front.column}_value AS index_v, q.m, q.v
       FROM search.parcel_index i
       JOIN layer_pub.parcels p ON p.id = i.parcel_id
       CROSS JOIN LATERAL (
         SELECT COALESCE(array_agg(s.m ORDER BY s.m, s.v), '{}') AS m, COALESCE(array_agg(s.v ORDER BY s.m, s.v), '{}') AS v
         FROM (SELECT r.m, r.v, max(r.v) OVER (ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
               FROM (SELECT ST_Distance(f.geom, p.geom) AS m, f.${front.attribute}::float8 AS v FROM layer_pub.${front.layer} f
                     WHERE ST_DWithin(f.geom, p.geom, $1) AND f.${front.attribute} IS NOT NULL) r) s
         WHERE s.before IS NULL OR s.v > s.before) q
       WHERE i.${front.column}_value IS DISTINCT FROM q.v
          OR cardinality(i.${front.column}_m) <> cardinality(q.m)
          OR EXISTS (SELECT 1 FROM unnest(i.${front.column}_m, q.m) d(a, b) WHERE abs(d.a - d.b) > ${TOLERANCE_M})
       LIMIT 5`,
      [front.reachM],
    );
    expect(bad).toEqual([]);
    const [{ steps }]: Array<{ steps: number }> = await f.source.query(`SELECT COALESCE(sum(cardinality(${front.column}_m)), 0)::int AS steps FROM search.parcel_index`);
    expect(steps).toBeGreaterThan(0);
  }, 120_000);

  it.each(FRONT_COLUMNS.map((c) => [c.column, c] as const))(
    'answer "%s: a step within d offering x" by bisection exactly as a scan of every step, at steps\' own distances and values and beside them',
    async (_name, front) => {
      // probes where a bisection could slip: each sampled step's own distance and value (ties), and a hair either side
      const samples: Array<{ m: number; v: number }> = await f.source.query(
        `SELECT s.m, s.v FROM search.parcel_index i CROSS JOIN LATERAL unnest(i.${front.column}_m, i.${front.column}_value) s(m, v)
         ORDER BY md5(i.parcel_id || s.m::text) LIMIT 12`,
      );
      expect(samples.length).toBe(12);
      const probes = samples.flatMap(({ m, v }) => [
        { d: m, x: v },
        { d: m * (1 - 1e-9), x: v },
        { d: m * (1 + 1e-9), x: v },
        { d: m, x: v + 1e-6 },
      ]);
      let passing = 0;
      for (const { d, x } of probes) {
        const params = new SqlParams();
        const { passes } = nearSql({ layer: front.layer, within_m: d, where: { [`${front.attribute}_gte`]: x } }, params, { columns: true, format: 1 });
        expect(passes).toContain('width_bucket');
        const d$ = params.add(d, 'float8');
        const x$ = params.add(x, 'float8');
        const [{ differ, scanned }]: Array<{ differ: number; scanned: number }> = await f.source.query(
          `SELECT count(*) FILTER (WHERE COALESCE((${passes}), false) <> i.scanned)::int AS differ, count(*) FILTER (WHERE i.scanned)::int AS scanned
           FROM (SELECT i.*, EXISTS (SELECT 1 FROM unnest(i.${front.column}_m, i.${front.column}_value) s(m, v) WHERE s.m <= ${d$} AND s.v >= ${x$}) AS scanned
                 FROM search.parcel_index i) i`,
          params.values,
        );
        expect({ d, x, differ }).toEqual({ d, x, differ: 0 });
        passing += scanned;
      }
      // the probes sit on real steps: rows pass them, so agreement is not two empty answers
      expect(passing).toBeGreaterThan(0);
    },
    120_000,
  );

  it('keep the distance to each env kind within reach that a per-parcel query measures', async () => {
    const bad = await mismatches(
      `SELECT x.parcel_id, x.kind, x.index_m, x.m
       FROM (
         SELECT i.parcel_id, q.kind, q.m, CASE q.kind ${ENV_KINDS.map((k) => `WHEN '${k}' THEN i.${envColumn(k)}`).join(' ')} END AS index_m
         FROM search.parcel_index i
         JOIN layer_pub.parcels p ON p.id = i.parcel_id
         CROSS JOIN LATERAL (
           SELECT k.kind, (SELECT min(ST_Distance(e.geom, p.geom)) FROM layer_pub.env_layers e
                           WHERE e.kind = k.kind AND ST_DWithin(e.geom, p.geom, $1)) AS m
           FROM unnest($2::text[]) AS k(kind)) q
       ) x
       WHERE (x.index_m IS NULL) <> (x.m IS NULL) OR abs(x.index_m - x.m) > ${TOLERANCE_M}
       LIMIT 5`,
      [ENV_REACH_M, ENV_KINDS],
    );
    expect(bad).toEqual([]);
    const [{ near }]: Array<{ near: number }> = await f.source.query(
      `SELECT count(*)::int AS near FROM search.parcel_index WHERE ${ENV_KINDS.map((k) => `${envColumn(k)} IS NOT NULL`).join(' OR ')}`,
    );
    expect(near).toBeGreaterThan(0);
  }, 120_000);
});
