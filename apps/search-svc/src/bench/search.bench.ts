/**
 * npm run bench:search: a fixed set of representative searches, each timed end to end through the
 * gateway (HTTP → NATS → search-svc → PostGIS), as the engine's SQL run directly (planned as
 * SearchRepository.run plans it), and as the same search answered by plain spatial joins on the
 * layers (no search index, PostgreSQL's defaults), with an EXPLAIN summary.
 * A benchmark, not a test: it prints figures. Run it on the scale dataset
 * (npm run demo:scale -- --parcels 1000000) once the search index has caught up.
 *
 * The gateway's search rate limit (60 a minute per key) must be raised for it:
 * RATE_LIMIT_SEARCH_PER_MINUTE=100000 npm start.
 *
 * Environment: DATABASE_URL (run-cli.sh fills it from the local stack), BENCH_URL (http://127.0.0.1:8080),
 * BENCH_API_KEY (else a key is created and revoked), BENCH_ROUNDS (20), BENCH_REFERENCE_ROUNDS (3),
 * BENCH_SETTLE_SECONDS (300: how long a search is repeated while search-svc loads its columns; a
 * national search's columns take minutes to load at 5 M parcels), STACK_DIR,
 * BENCH_SEARCHES (only the searches whose names contain one of these comma-separated words).
 *
 * "where" says where search-svc matched each search: in memory (its columns of the index) or in
 * PostgreSQL and why; the SQL columns are the same search as one statement (buildSearchQuery); the
 * "memory engine" columns the whole search in this process with the in-memory engine (its columns
 * loaded before timing, BENCH_COLUMNS_BUDGET_MB, 1024), without the gateway and the bus. "same answer
 * as PostgreSQL" compares the API's last answer (count, page, scores) with the search run once more
 * in PostgreSQL alone. "by phase" is where search-svc spent the API rounds' time, a search on average
 * (lp_search_phase_seconds): plan (scope, coverage), match (in memory), page (the page statement
 * after a match in memory), query (the whole search in PostgreSQL), near_misses; the rest of the API
 * time is the gateway and the bus.
 */
import 'reflect-metadata';
import type { SearchParcelsRequest } from '@lp/contracts';
import { createSchemaDataSource } from '@lp/db';
import { ColumnRepository } from '../engine/columns/column.repository.js';
import { ColumnSearch } from '../engine/columns/column-search.js';
import { ColumnStore } from '../engine/columns/column-store.js';
import { ParcelSearchService } from '../engine/parcel-search.service.js';
import { SearchRepository } from '../engine/search.repository.js';
import { findScenario } from '../scenarios/scenario-catalogue.js';
import { compileScenario } from '../scenarios/scenario-compiler.js';
import { memoryReport, stackMemory } from '@lp/runtime';
import { keysCli, phaseSeconds, phaseSplit, positiveInt, settlePath, stackDir, stats, timed } from './bench-kit.js';

interface BenchSearch {
  name: string;
  request: SearchParcelsRequest;
}

const SEARCHES: BenchSearch[] = [
  { name: 'national bess_storage', request: compileScenario(findScenario('bess_storage')!, {}) },
  // a grid node of at least 20 MW within 5 km and water within 2 km: the grid-capacity front and a nearest-feature column
  { name: 'national data_center_site', request: compileScenario(findScenario('data_center_site')!, {}) },
  { name: 'national solar (yield, slope)', request: compileScenario(findScenario('solar_farm_site')!, {}) },
  {
    name: 'voivodeship 30 residential near transit',
    request: { region: '30', filters: { zoning: { categories: ['residential_single', 'residential_multi', 'mixed_residential_services'] }, near: [{ layer: 'transport_stops', within_m: 800 }] }, rank_by: [{ signal: 'transit_distance_m', weight: 1 }] },
  },
  {
    name: 'gmina 3064011 vacant buildable',
    request: { region: '3064011', filters: { vacant: true, area_sqm: { min: 800 }, zoning: { categories: ['residential_single', 'residential_multi', 'mixed_residential_services', 'commercial_services'] } } },
  },
  { name: 'national near ev_chargers', request: { filters: { area_sqm: { min: 3000 }, near: [{ layer: 'ev_chargers', within_m: 1500 }] }, rank_by: [{ signal: 'area', weight: 1 }] } },
  { name: 'national area only, ranked by area', request: { filters: { area_sqm: { min: 20_000 } }, rank_by: [{ signal: 'area', weight: 1 }] } },
  // broad: most of the country matches, and every match is ranked (the target's definition: at least
  // half the parcels, two signals or more)
  {
    name: 'broad: area ≥ 500 m², ranked by area and grid distance',
    request: { filters: { area_sqm: { min: 500 } }, rank_by: [{ signal: 'area', weight: 1 }, { signal: 'grid_distance_km', weight: 1 }], limit: 50 },
  },
  {
    name: 'broad: slope ≤ 8 %, no Natura 2000, ranked by yield and grid distance',
    request: {
      filters: { slope_pct: { max: 8 }, exclude: [{ layer: 'env_layers', kinds: ['natura2000_habitat', 'natura2000_birds'] }] },
      rank_by: [{ signal: 'solar_yield_kwh_kwp', weight: 2 }, { signal: 'grid_distance_km', weight: 1 }],
      limit: 50,
    },
  },
];

/** What the benchmark reads of a search's answer. */
interface Answer {
  matched: number;
  blocked: boolean;
  results: Array<{ parcel_id: string; score?: number | null }>;
}

/** The same count and the same page, parcel for parcel and score for score. */
function sameAnswer(api: Answer, direct: Answer): boolean {
  const page = (a: Answer): string => JSON.stringify(a.results.map((r) => [r.parcel_id, r.score ?? null]));
  return api.matched === direct.matched && api.blocked === direct.blocked && page(api) === page(direct);
}

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set and no local stack was found (npm start)');
  const gateway = (process.env['BENCH_URL'] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const rounds = positiveInt('BENCH_ROUNDS', 20);
  const referenceRounds = positiveInt('BENCH_REFERENCE_ROUNDS', 3);
  const db = createSchemaDataSource({ url, schema: 'search', applicationName: 'bench-search', poolSize: 2 });
  await db.initialize();
  let key = process.env['BENCH_API_KEY'] ?? '';
  const created = key === '';
  if (created) key = keysCli('create', '--name', 'bench-search', '--scopes', 'search:read', '--rate-limit', '100000000').split('\n').at(-1)!.trim();
  try {
    const repository = new SearchRepository(db);
    const engine = new ParcelSearchService(repository);
    const store = new ColumnStore(new ColumnRepository(db), positiveInt('BENCH_COLUMNS_BUDGET_MB', 1024) * 2 ** 20, { waitForLoads: true });
    const inMemory = new ParcelSearchService(repository, new ColumnSearch(store));
    const [{ parcels, gminas }] = await db.query(`SELECT count(*)::int AS parcels, count(DISTINCT teryt)::int AS gminas FROM search.parcel_index`);
    const [{ unbuilt }] = await db.query(
      `SELECT count(*)::int AS unbuilt FROM layer_pub.region_coverage c WHERE c.layer_id = 'parcels' AND c.level = 'gmina' AND c.status <> 'missing'
         AND NOT EXISTS (SELECT 1 FROM search.index_builds b WHERE b.teryt = c.teryt)`,
    );
    console.log(`search index: ${parcels} parcels in ${gminas} gminas${unbuilt > 0 ? `; ${unbuilt} gminas NOT BUILT YET (searches there answer 503)` : ''}`);
    console.log(`rounds: ${rounds} per search (reference ${referenceRounds}); one request at a time\n`);
    const rows: string[][] = [];
    // BENCH_SEARCHES: only the searches whose names contain one of these words (comma-separated)
    const only = (process.env['BENCH_SEARCHES'] ?? '').split(',').map((w) => w.trim()).filter(Boolean);
    for (const search of SEARCHES.filter((s) => only.length === 0 || only.some((w) => s.name.includes(w)))) {
      const post = async (): Promise<Answer> => {
        const res = await fetch(`${gateway}/v1/search/parcels`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(search.request) });
        if (res.status === 429) throw new Error(`${search.name}: 429 from the search rate limit; start the stack with RATE_LIMIT_SEARCH_PER_MINUTE=100000 for the benchmark`);
        if (!res.ok) throw new Error(`${search.name}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        return (await res.json()) as Answer;
      };
      const plan = await engine.plan(search.request);
      const query = engine.query(search.request, plan);
      const reference = engine.query(search.request, plan, { path: 'spatial' });
      const first = await post();
      const where = await settlePath(post, positiveInt('BENCH_SETTLE_SECONDS', 300));
      const api: number[] = [];
      const sql: number[] = [];
      const ref: number[] = [];
      const memory: number[] = [];
      const [load] = await timed(() => inMemory.search(search.request));
      for (let i = 0; i < rounds; i++) memory.push((await timed(() => inMemory.search(search.request)))[0]);
      let answered = first;
      const phasesBefore = await phaseSeconds();
      for (let i = 0; i < rounds; i++) {
        const [ms, answer] = await timed(post);
        api.push(ms);
        answered = answer;
      }
      const phases = phaseSplit(phasesBefore, await phaseSeconds(), rounds);
      // is it true: the API's answer (in memory where it says so) against the statement in PostgreSQL
      const same = sameAnswer(answered, await engine.search(search.request)) ? 'yes' : 'NO';
      for (let i = 0; i < rounds; i++) sql.push((await timed(() => repository.run(query)))[0]);
      for (let i = 0; i < referenceRounds; i++) ref.push((await timed(() => db.query(reference.sql, reference.values)))[0]);
      const [a, s, r, mem] = [stats(api), stats(sql), stats(ref), stats(memory)];
      rows.push([search.name, where, `${first.matched} (${((100 * first.matched) / Math.max(parcels, 1)).toFixed(1)} %)` + (first.blocked ? ' (blocked)' : ''), a.p50.toFixed(1), a.p95.toFixed(1), s.p50.toFixed(1), s.p95.toFixed(1), r.p50.toFixed(1), (a.p95 / s.p95).toFixed(2), mem.p50.toFixed(1), mem.p95.toFixed(1), load.toFixed(0), same, phases]);
      const explain = (await repository.explain(query)).map((line) => line['QUERY PLAN']);
      console.log(`── ${search.name}: EXPLAIN ANALYZE (top of the plan)`);
      for (const line of explain.filter((l) => /Scan|Join|Loop|Execution|Planning/.test(l)).slice(0, 8)) console.log(`   ${line.trim().slice(0, 150)}`);
    }
    const header = ['search', 'where', 'matched', 'API p50 ms', 'API p95 ms', 'SQL p50 ms', 'SQL p95 ms', 'no-index SQL p50 ms', 'API/SQL p95', 'memory engine p50 ms', 'memory engine p95 ms', 'first (loads columns) ms', 'same answer as PostgreSQL', 'search-svc ms a search, by phase'];
    console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    console.log(`\n${memoryReport(await stackMemory(stackDir()))}`);
  } finally {
    if (created) keysCli('revoke', key);
    await db.destroy();
  }
}

await main();
