/**
 * npm run bench:assemblies: site assembly (POST /v1/search/assemblies) through the whole stack
 * (gateway → NATS → search-svc → PostGIS, then the growth of the sites and their outlines) next to
 * the plainest PostgreSQL doing the core of the same work: the scope's parcels clustered with
 * ST_ClusterDBSCAN and the clusters large enough counted (no filters, no growth, no max_parcels, no
 * outlines). One request at a time, `BENCH_ROUNDS` each after one untimed; the ratio is API p95 /
 * plain p95. A benchmark, not a test: it prints figures. Needs a running stack (npm start) and a build.
 * Targets: docs/performance.md (site assembly, one gmina and national).
 *
 * Scenario requests are compiled by the gateway (POST /v1/scenarios/{id}/compile), their minimum
 * parcel area moved to the site, as find_assembled_sites does.
 * Before the timed rounds a request is repeated (at most BENCH_SETTLE_SECONDS, 120) until search-svc
 * finds its candidates in memory or says why it cannot; the table says where they were found.
 * Environment: BENCH_URL, BENCH_API_KEY, DATABASE_URL, BENCH_ROUNDS (10), BENCH_ONLY (a part of the
 * names of the assemblies to run, e.g. national).
 */
import type { AssemblySearchRequest, AssemblySearchResponseView, SearchParcelsRequest } from '@lp/contracts';
import os from 'node:os';
import pg from 'pg';
import { benchKey, benchStack, machineFacts, metricCounts, positiveInt, reportFailures, round, printStackMemory } from './bench-stack.js';
import { summarise, type RouteStats } from './bench-stats.js';

interface BenchAssembly {
  name: string;
  request: (compile: Compile) => Promise<AssemblySearchRequest>;
}

type Compile = (scenario: string, region: string | undefined) => Promise<SearchParcelsRequest>;

/** A scenario's request with its minimum parcel area moved to the site. */
function scenarioSites(scenario: string, region: string | undefined, minTotal: number, maxParcels?: number): BenchAssembly['request'] {
  return async (compile) => {
    const compiled = await compile(scenario, region);
    const { area_sqm: _area, ...filters } = compiled.filters ?? {};
    return { ...compiled, filters, limit: 10, assembly: { min_total_area_sqm: minTotal, ...(maxParcels ? { max_parcels: maxParcels } : {}) } };
  };
}

const ASSEMBLIES: BenchAssembly[] = [
  { name: 'gmina 3064011 (Poznań), 2 ha, no filters', request: async () => ({ region: '3064011', assembly: { min_total_area_sqm: 20_000 }, limit: 10 }) },
  // up to 30 parcels: the scale dataset's plots are 30 × 90 m, so 10 of them never reach 5 ha
  { name: 'gmina 3021093 (Kórnik), solar 5 ha, up to 30 parcels', request: scenarioSites('solar_farm_site', '3021093', 50_000, 30) },
  { name: 'powiat 3021 (poznański), warehouse 5 ha', request: scenarioSites('logistics_warehouse', '3021', 50_000) },
  { name: 'national, solar 20 ha', request: scenarioSites('solar_farm_site', undefined, 200_000) },
  { name: 'national, 2 ha, no filters', request: async () => ({ assembly: { min_total_area_sqm: 20_000 }, limit: 10 }) },
];

/** The plainest SQL of the core: the scope's parcels (no filters) clustered, the clusters large enough counted. */
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

/**
 * Repeats the untimed request until search-svc matched its candidates in memory or said why it
 * cannot (columns load in the background after a first request), at most `seconds`: the timed
 * rounds then measure one path.
 */
async function settle(work: () => Promise<unknown>, seconds: number): Promise<void> {
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const before = await metricCounts('search-svc', 'lp_search_matched_total', 'reason');
    await work();
    const after = await metricCounts('search-svc', 'lp_search_matched_total', 'reason');
    if (!before || !after) return;
    const grew = [...after.entries()].filter(([reason, n]) => n > (before.get(reason) ?? 0)).map(([reason]) => reason);
    if (grew.some((reason) => reason !== 'loading')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Where search-svc found the candidates of the assemblies run by `work` (lp_assembly_candidates_total), e.g. "memory 10". */
async function whereAssembled(work: () => Promise<void>): Promise<string> {
  const before = await metricCounts('search-svc', 'lp_assembly_candidates_total', 'where');
  await work();
  const after = await metricCounts('search-svc', 'lp_assembly_candidates_total', 'where');
  if (!before || !after) return 'unknown';
  return [...after.entries()].map(([where, n]) => [where, n - (before.get(where) ?? 0)] as const).filter(([, n]) => n > 0).map(([where, n]) => `${where} ${n}`).join(', ');
}

async function timedRounds(rounds: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

const stack = benchStack();
const only = process.env['BENCH_ONLY'] ?? '';
const settings = { url: stack.url, rounds: positiveInt('BENCH_ROUNDS', 10), only: only || 'all', key: '' };
const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1, application_name: 'bench-assemblies' });
const { key, label, release } = benchKey(stack, 'search:read');
settings.key = label;
const failures: string[] = [];

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) {
    const text = (await res.text()).slice(0, 300);
    failures.push(`POST ${path}: HTTP ${res.status}`);
    throw new Error(`POST ${path} answered ${res.status}${res.status === 429 ? ' (start the stack with RATE_LIMIT_SEARCH_PER_MINUTE=100000)' : ''}: ${text}`);
  }
  return (await res.json()) as T;
}

const compile: Compile = (scenario, region) => post(`/v1/scenarios/${scenario}/compile`, region ? { region } : {});

try {
  const machine = await machineFacts(pool);
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM search.parcel_index`);
  console.log('machine ', machine);
  console.log('settings', settings, `search index: ${rows[0]!.n} parcels`);
  console.log('(one request at a time; the load generator shares this machine with the stack)');
  const results: Array<{ name: string; candidates: number; sites: string; where: string; api: RouteStats; plain: RouteStats }> = [];
  for (const bench of ASSEMBLIES.filter((b) => b.name.includes(only))) {
    const request = await bench.request(compile);
    const first = await post<AssemblySearchResponseView>('/v1/search/assemblies', request);
    await settle(() => post('/v1/search/assemblies', request), positiveInt('BENCH_SETTLE_SECONDS', 120));
    const plain = plainSql(request);
    const started = performance.now();
    let api: number[] = [];
    const where = await whereAssembled(async () => {
      api = await timedRounds(settings.rounds, () => post('/v1/search/assemblies', request));
    });
    const apiSeconds = (performance.now() - started) / 1000;
    const plainStarted = performance.now();
    const sql = await timedRounds(settings.rounds, () => pool.query(plain.sql, plain.values));
    const plainSeconds = (performance.now() - plainStarted) / 1000;
    results.push({
      name: bench.name,
      candidates: first.candidates,
      sites: `${first.count} of ${first.matched}${first.blocked ? ' (blocked)' : ''}`,
      where,
      api: summarise('API', api, apiSeconds),
      plain: summarise('plain SQL', sql, plainSeconds),
    });
    console.log(`${bench.name}: done`);
  }
  const header = ['assembly', 'candidates', 'sites', 'candidates found', 'API p50 ms', 'API p95 ms', 'plain SQL p50 ms', 'plain SQL p95 ms', 'API/plain p95'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const r of results) {
    const cells = [r.name, String(r.candidates), r.sites, r.where, r.api.p50Ms.toFixed(1), r.api.p95Ms.toFixed(1), r.plain.p50Ms.toFixed(1), r.plain.p95Ms.toFixed(1), (r.api.p95Ms / r.plain.p95Ms).toFixed(2)];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    JSON.stringify({
      bench: 'assemblies',
      at: new Date().toISOString(),
      ok: failures.length === 0,
      failures,
      machine,
      load_1min_at_end: round(os.loadavg()[0]!, 2),
      settings,
      assemblies: results.map((r) => ({
        name: r.name,
        candidates: r.candidates,
        sites: r.sites,
        candidates_found: r.where,
        api_p50_ms: round(r.api.p50Ms, 1),
        api_p95_ms: round(r.api.p95Ms, 1),
        plain_p50_ms: round(r.plain.p50Ms, 1),
        plain_p95_ms: round(r.plain.p95Ms, 1),
        api_over_plain_p95: round(r.api.p95Ms / r.plain.p95Ms, 2),
      })),
    }),
  );
} finally {
  await printStackMemory();
  reportFailures(failures);
  release();
  await pool.end();
}
