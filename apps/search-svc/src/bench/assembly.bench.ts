/**
 * npm run bench:assemblies: site assembly timed end to end through the gateway (HTTP → NATS →
 * search-svc → PostGIS, then the greedy growth and the outlines), next to the plainest PostgreSQL
 * doing the core of the same work: the candidates clustered with ST_ClusterDBSCAN and the clusters
 * large enough summed (no growth, no max_parcels, no outlines). The ratio is API p95 / plain p95.
 * A benchmark, not a test: it prints figures. Targets (issue 20): one gmina p95 ≤ 300 ms, national ≤ 2 s at 1 M parcels.
 *
 * The gateway's search rate limit must be raised: RATE_LIMIT_SEARCH_PER_MINUTE=100000 npm start.
 * Environment: DATABASE_URL (from the local stack), BENCH_URL (http://127.0.0.1:8080), BENCH_API_KEY, BENCH_ROUNDS (10).
 */
import 'reflect-metadata';
import type { AssemblySearchRequest, AssemblySearchResponseView } from '@lp/contracts';
import { createSchemaDataSource } from '@lp/db';
import { findScenario } from '../scenarios/scenario-catalogue.js';
import { compileScenario } from '../scenarios/scenario-compiler.js';
import { keysCli, positiveInt, stats, timed } from './bench-kit.js';

interface BenchAssembly {
  name: string;
  request: AssemblySearchRequest;
}

/** A scenario's request with its minimum parcel area moved to the site (as find_assembled_sites does). */
function scenarioSites(id: string, region: string | undefined, minTotal: number): AssemblySearchRequest {
  const compiled = compileScenario(findScenario(id)!, region ? { region } : {});
  const { area_sqm: _area, ...filters } = compiled.filters ?? {};
  return { ...compiled, filters, limit: 10, assembly: { min_total_area_sqm: minTotal } };
}

const ASSEMBLIES: BenchAssembly[] = [
  { name: 'gmina 3064011, 2 ha, no filters', request: { region: '3064011', assembly: { min_total_area_sqm: 20_000 }, limit: 10 } },
  { name: 'gmina 3021093 solar 5 ha', request: scenarioSites('solar_farm_site', '3021093', 50_000) },
  { name: 'powiat 3021 warehouse 5 ha', request: scenarioSites('logistics_warehouse', '3021', 50_000) },
  { name: 'national solar 20 ha', request: scenarioSites('solar_farm_site', undefined, 200_000) },
];

/** The plainest SQL of the core: per-parcel candidates (the given filter-free scope), clustered, clusters summed. */
function plainSql(request: AssemblySearchRequest): { sql: string; values: unknown[] } {
  const gap = request.assembly.max_gap_m ?? 5;
  const where = request.region ? `WHERE i.teryt LIKE $3` : '';
  return {
    sql: `SELECT count(*) AS sites FROM (
            SELECT cluster FROM (
              SELECT i.area_sqm, ST_ClusterDBSCAN(g.geom, eps := $1, minpoints := 1) OVER () AS cluster
              FROM search.parcel_index i JOIN search.parcel_geometry g ON g.parcel_id = i.parcel_id ${where}) c
            GROUP BY cluster HAVING sum(area_sqm) >= $2) k`,
    values: request.region ? [gap, request.assembly.min_total_area_sqm, `${request.region}%`] : [gap, request.assembly.min_total_area_sqm],
  };
}

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set and no local stack was found (npm start)');
  const gateway = (process.env['BENCH_URL'] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const rounds = positiveInt('BENCH_ROUNDS', 10);
  const db = createSchemaDataSource({ url, schema: 'search', applicationName: 'bench-assemblies', poolSize: 2 });
  await db.initialize();
  let key = process.env['BENCH_API_KEY'] ?? '';
  const created = key === '';
  if (created) key = keysCli('create', '--name', 'bench-assemblies', '--scopes', 'search:read', '--rate-limit', '100000000').split('\n').at(-1)!.trim();
  try {
    const [{ parcels }] = await db.query(`SELECT count(*)::int AS parcels FROM search.parcel_index`);
    console.log(`search index: ${parcels} parcels; rounds: ${rounds} per request, one at a time\n`);
    const rows: string[][] = [];
    for (const bench of ASSEMBLIES) {
      const post = async (): Promise<AssemblySearchResponseView> => {
        const res = await fetch(`${gateway}/v1/search/assemblies`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(bench.request) });
        if (res.status === 429) throw new Error(`${bench.name}: 429; start the stack with RATE_LIMIT_SEARCH_PER_MINUTE=100000 for the benchmark`);
        if (!res.ok) throw new Error(`${bench.name}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        return (await res.json()) as AssemblySearchResponseView;
      };
      const first = await post();
      const plain = plainSql(bench.request);
      const api: number[] = [];
      const sql: number[] = [];
      for (let i = 0; i < rounds; i++) api.push((await timed(post))[0]);
      for (let i = 0; i < rounds; i++) sql.push((await timed(() => db.query(plain.sql, plain.values)))[0]);
      const [a, s] = [stats(api), stats(sql)];
      rows.push([bench.name, String(first.candidates), `${first.count} of ${first.matched}${first.blocked ? ' (blocked)' : ''}`, a.p50.toFixed(1), a.p95.toFixed(1), s.p50.toFixed(1), s.p95.toFixed(1), (a.p95 / s.p95).toFixed(2)]);
    }
    const header = ['assembly', 'candidates', 'sites', 'API p50 ms', 'API p95 ms', 'plain SQL (scope, no filters) p50 ms', 'plain SQL p95 ms', 'API/SQL p95'];
    console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  } finally {
    if (created) keysCli('revoke', key);
    await db.destroy();
  }
}

await main();
