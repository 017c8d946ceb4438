import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AssemblySearchRequest } from '@lp/contracts';
import { AssemblyRepository } from '../src/assemblies/assembly.repository.js';
import { AssemblyService } from '../src/assemblies/assembly.service.js';
import type { SearchSvcEnv } from '../src/config/search-svc.env.js';
import { ADJACENCY_REACH_M } from '../src/search-index/parcel-adjacency.sql.js';
import { SearchIndexBuilder } from '../src/search-index/search-index.builder.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';
import { searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/** The small demo's parcels lie in Poznań. */
const POZNAN = '3064011';

/**
 * Site assembly from the index build's neighbour pairs (search.parcel_adjacency) answers exactly what
 * clustering the outlines (ST_ClusterDBSCAN) answered, and the pairs are what plain PostGIS says.
 */
describe('site assembly by neighbour pairs', () => {
  let f: SearchEngineFixture;
  let assemblies: AssemblyService;
  let index: SearchIndexRepository;
  /** A gmina other than Poznań, for a pair across a gmina border. */
  let other: string;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    assemblies = new AssemblyService(f.engine, new AssemblyRepository(f.source));
    index = new SearchIndexRepository(f.source);
    other = (await index.gminasWithParcels()).find((t) => t !== POZNAN)!;
    // two 60 × 100 m plots 3 m apart east of every Poznań parcel, the eastern one in another gmina
    const [{ x, y }] = await f.source.query(`SELECT ST_XMax(ST_Extent(geom)) + 3000 AS x, ST_YMin(ST_Extent(geom)) AS y FROM layer_pub.parcels WHERE teryt = $1`, [POZNAN]);
    for (const [id, teryt, from] of [['test-border-west', POZNAN, 0], ['test-border-east', other, 63]] as const) {
      // arranged as the superuser: search-svc's role only reads the published layers
      await f.db.sql(
        `INSERT INTO layer_pub.parcels (id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox)
         SELECT $1::text, p.kind, $1::text, $2::text, jsonb_build_object('parcel_id', $1::text), ST_MakeEnvelope($3::float8 + $5::float8, $4::float8, $3::float8 + $5::float8 + 60, $4::float8 + 100, 2180),
                p.source_run_id, p.fetched_at, p.source_url, p.source_bbox
         FROM layer_pub.parcels p WHERE p.teryt = $2 LIMIT 1`,
        [id, teryt, Number(x), Number(y), from],
      );
    }
    // built one by one, not as a batch keying around them: Poznań's build finds the eastern plot
    // without a key, keys it and builds again (the pair across the border below proves it)
    for (const teryt of [POZNAN, other]) await index.buildGmina(teryt);
    await index.analyze();
  }, 300_000);
  afterAll(() => f?.close());

  /** The answer as clustering the outlines gives it: the builds say they have no pairs, as builds made before them. */
  async function clustered(request: AssemblySearchRequest) {
    await f.source.query(`UPDATE search.index_builds SET adjacency = false`);
    try {
      return await assemblies.run(request);
    } finally {
      await f.source.query(`UPDATE search.index_builds SET adjacency = true`);
    }
  }

  /** Whether the parcels form one chain of pairs at most `gap` apart, by ST_DWithin over their published outlines. */
  async function chained(ids: readonly string[], gap: number): Promise<boolean> {
    const [row] = await f.source.query(
      `WITH RECURSIVE pairs AS (
         SELECT a.id AS a, b.id AS b FROM layer_pub.parcels a JOIN layer_pub.parcels b ON ST_DWithin(a.geom, b.geom, $2::float8)
         WHERE a.id = ANY($1::text[]) AND b.id = ANY($1::text[])),
       reached AS (SELECT $3::text AS id UNION SELECT p.b FROM reached r JOIN pairs p ON p.a = r.id)
       SELECT count(*)::int AS n FROM reached`,
      [ids, gap, ids[0]],
    );
    return Number(row.n) === new Set(ids).size;
  }

  it('the pairs of a gmina are every pair of parcels within 50 m, with their distance, by plain PostGIS', async () => {
    const [row] = await f.source.query(
      `WITH stored AS (SELECT a.parcel_id, b.parcel_id AS neighbour_id, x.gap_m FROM search.parcel_adjacency x
                      JOIN search.parcel_keys a ON a.parcel_key = x.parcel_key JOIN search.parcel_keys b ON b.parcel_key = x.neighbour_key
                      WHERE x.teryt = $1),
            plain AS (SELECT a.id AS parcel_id, b.id AS neighbour_id, ST_Distance(a.geom, b.geom) AS gap_m
                      FROM layer_pub.parcels a JOIN layer_pub.parcels b ON ST_DWithin(a.geom, b.geom, $2::float8) AND a.id <> b.id
                      WHERE a.teryt = $1 AND (b.teryt <> $1 OR a.id < b.id COLLATE "C"))
       SELECT (SELECT count(*)::int FROM stored) AS stored, (SELECT count(*)::int FROM plain) AS plain,
              (SELECT count(*)::int FROM (SELECT * FROM stored EXCEPT SELECT * FROM plain) d) AS differ`,
      [POZNAN, ADJACENCY_REACH_M],
    );
    expect(row.stored).toBeGreaterThan(0);
    expect(row).toEqual({ stored: row.plain, plain: row.plain, differ: 0 });
  });

  it('a pair across a gmina border is stored by both gminas and joins a national site', async () => {
    const rows: Array<{ teryt: string; gap_m: number }> = await f.source.query(
      `WITH border AS (SELECT parcel_key FROM search.parcel_keys WHERE parcel_id IN ('test-border-west', 'test-border-east'))
       SELECT teryt, gap_m FROM search.parcel_adjacency
       WHERE parcel_key IN (SELECT parcel_key FROM border) AND neighbour_key IN (SELECT parcel_key FROM border) ORDER BY teryt`,
    );
    expect(rows.map((r) => r.teryt).sort()).toEqual([POZNAN, other].sort());
    for (const r of rows) expect(r.gap_m).toBeCloseTo(3, 6);
    const request: AssemblySearchRequest = { assembly: { min_total_area_sqm: 11_000, max_gap_m: 5 }, filters: { area_sqm: { min: 5_900, max: 6_100 } }, limit: 50 };
    const answer = await assemblies.run(request);
    const site = answer.results.find((s) => s.parcels.some((p) => p.parcel_id === 'test-border-west'));
    expect(site?.parcels.map((p) => p.parcel_id).sort()).toEqual(['test-border-east', 'test-border-west']);
    expect(await clustered(request)).toEqual(answer);
  });

  it('every index row carries its parcel key, and a rebuild keeps the keys', async () => {
    const keysOf = (): Promise<Array<{ parcel_id: string; parcel_key: number }>> =>
      f.source.query(`SELECT parcel_id, parcel_key FROM search.parcel_index WHERE teryt = $1 ORDER BY parcel_id`, [POZNAN]);
    const before = await keysOf();
    const [row] = await f.source.query(
      `SELECT count(*) FILTER (WHERE i.parcel_key IS NULL)::int AS without,
              count(*) FILTER (WHERE k.parcel_key IS DISTINCT FROM i.parcel_key)::int AS other
       FROM search.parcel_index i LEFT JOIN search.parcel_keys k ON k.parcel_id = i.parcel_id`,
    );
    expect(row).toEqual({ without: 0, other: 0 });
    await index.buildGmina(POZNAN);
    expect(await keysOf()).toEqual(before);
  }, 120_000);

  const REQUESTS: Array<[string, Omit<AssemblySearchRequest, 'assembly'> & { assembly: Omit<AssemblySearchRequest['assembly'], 'max_gap_m'> }]> = [
    ['Poznań 2 ha', { region: POZNAN, assembly: { min_total_area_sqm: 20_000 }, limit: 200 }],
    ['Poznań 1 ha of parcels under 2,000 m², ranked by area', { region: POZNAN, filters: { area_sqm: { max: 2_000 } }, rank_by: [{ signal: 'area', weight: 1 }], assembly: { min_total_area_sqm: 10_000, max_parcels: 30 }, limit: 200 }],
    ['national 5 ha near a 110 kV substation', { filters: { near: [{ layer: 'power_substations', within_m: 2000, where: { voltage_kv_gte: 110 } }] }, assembly: { min_total_area_sqm: 50_000 }, limit: 200 }],
  ];
  for (const gap of [0, 5, 50]) {
    for (const [name, request] of REQUESTS) {
      it(`${name}, max_gap_m ${gap}: the same sites as clustering the outlines, each a chain within the gap`, async () => {
        const asked: AssemblySearchRequest = { ...request, assembly: { ...request.assembly, max_gap_m: gap } };
        const answer = await assemblies.run(asked);
        expect(answer.blocked).toBe(false);
        expect(await clustered(asked)).toEqual(answer);
        for (const site of answer.results) expect(await chained(site.parcels.map((p) => p.parcel_id), gap)).toBe(true);
        if (gap === 5 && request.region) expect(answer.results.length).toBeGreaterThan(0);
      }, 120_000);
    }
  }

  it('a build made before the pairs (or the keys) is stale, not missing: the service is ready while start-up rebuilds it with its pairs', async () => {
    const [before] = await f.source.query(`SELECT count(*)::int AS n FROM search.parcel_adjacency WHERE teryt = $1`, [POZNAN]);
    // as the keys' migration leaves a build: no pairs, no keys on its rows
    await f.source.query(`UPDATE search.index_builds SET adjacency = false WHERE teryt = $1`, [POZNAN]);
    await f.source.query(`DELETE FROM search.parcel_adjacency WHERE teryt = $1`, [POZNAN]);
    await f.source.query(`UPDATE search.parcel_index SET parcel_key = NULL WHERE teryt = $1`, [POZNAN]);
    const builder = new SearchIndexBuilder(index, { INDEX_BUILD_CONCURRENCY: 1 } as SearchSvcEnv);
    const rebuilt = builder.buildStale();
    // readiness waits only for gminas without any build: once the check of what is stale is done, ready
    const checking = (): boolean => {
      try {
        builder.assertReady();
        return false;
      } catch (error) {
        return /checking/.test(String(error));
      }
    };
    while (checking()) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(() => builder.assertReady()).not.toThrow();
    expect(await rebuilt).toBe(1);
    const [after] = await f.source.query(
      `SELECT (SELECT count(*)::int FROM search.parcel_adjacency WHERE teryt = $1) AS n, (SELECT adjacency FROM search.index_builds WHERE teryt = $1) AS adjacency,
              (SELECT count(*)::int FROM search.parcel_index WHERE teryt = $1 AND parcel_key IS NULL) AS without_key`,
      [POZNAN],
    );
    expect(after).toEqual({ n: before.n, adjacency: true, without_key: 0 });
  }, 120_000);
});
