/**
 * npm run bench:parcel: GET /v1/parcels/{id} through the whole stack (gateway → NATS → parcel-svc →
 * PostGIS) next to the same SQL run directly with pg, to show what the layers in between cost, and
 * next to a plain primary-key fetch of the row as GeoJSON (the floor any lookup API is held to).
 * Each route's CPU a request is split by process (bench-cpu.ts): what the ratio is made of.
 * A benchmark, not a test: it prints figures. Needs a running stack (npm start) and a build (npm run build).
 *
 * Environment: BENCH_URL, BENCH_API_KEY, DATABASE_URL, BENCH_SECONDS (10), BENCH_CONNECTIONS (32),
 * BENCH_IDS (a count of ids to sample, default 200, or a comma-separated list of ids), BENCH_INCLUDE
 * (blocks to embed, e.g. regulations,constraints,terrain,proximity; the direct route then also
 * reads them from the facts read model, as parcel-svc does).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { benchKey, benchStack, machineFacts, positiveInt, reportFailures, ROOT, round, printStackMemory, stackDir } from './bench-stack.js';
import { cpuFigures, cpuLine, withCpu, type CpuSplit } from './bench-cpu.js';
import { loadGateway, loadPool } from './bench-load.js';
import type { RouteStats } from './bench-stats.js';

const WARMUP_SECONDS = 2;
const GATEWAY_ROUTE = 'gateway → NATS → parcel-svc → PostGIS';
const DIRECT_ROUTE = 'direct pg (same SQL, prepared)';
const PLAIN_ROUTE = 'plain pg primary-key fetch';

// The SQL ParcelRepository.findFeature runs, as printed in the repository's committed snapshot (a
// parcel-svc test keeps the file equal to what it sends), so both routes do the same database work.
const FIND_FEATURE_SQL = snapshotStatement(readFileSync(`${ROOT}apps/parcel-svc/src/parcel/sql/parcel.repository.sql`, 'utf8'), 'findFeature');
/** The second baseline: the row by its primary key as GeoJSON and nothing else (no names, no provenance). */
const PLAIN_FETCH_SQL = `SELECT id, teryt, area_sqm, ST_AsGeoJSON(ST_Transform(geom, 4326), 7)::json AS geometry FROM layer_pub.parcels WHERE id = $1`;
const FACT_BLOCKS = ['regulations', 'constraints', 'terrain', 'proximity'];
const INCLUDE = (process.env['BENCH_INCLUDE'] ?? '').split(',').map((b) => b.trim()).filter(Boolean);
for (const block of INCLUDE) if (!FACT_BLOCKS.includes(block)) throw new Error(`BENCH_INCLUDE takes ${FACT_BLOCKS.join(', ')}, not ${block}`);
// What parcel-svc reads for stored blocks (FactsRepository.storedBlocks): the statement built by
// parcel-svc's own code, taken from its build, so both routes read the read model the same way.
const STORED_BLOCKS_SQL = INCLUDE.length > 0 ? (await storedBlocksSqlOfParcelSvc())(INCLUDE) : '';

async function storedBlocksSqlOfParcelSvc(): Promise<(blocks: readonly string[]) => string> {
  const module = (await import(`${ROOT}apps/parcel-svc/dist/facts/stored-blocks.js`)) as { storedBlocksSql: (blocks: readonly string[]) => string };
  return module.storedBlocksSql;
}

/** The statement printed under `-- <label>` in an SQL snapshot (its parameter comments included). */
function snapshotStatement(snapshot: string, label: string): string {
  const start = snapshot.indexOf(`\n-- ${label}\n`);
  if (start < 0) throw new Error(`no statement labelled ${label} in the SQL snapshot`);
  return snapshot.slice(start + 1, snapshot.indexOf(';\n', start));
}

const stack = benchStack();
const settings = {
  url: stack.url,
  seconds: positiveInt('BENCH_SECONDS', 10),
  warmupSeconds: WARMUP_SECONDS,
  connections: positiveInt('BENCH_CONNECTIONS', 32),
  ids: 0,
  include: INCLUDE.join(',') || 'none',
  key: '',
};

const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: settings.connections, application_name: 'bench-parcel' });

/** Ids to cycle through: BENCH_IDS as a list, or a sample spread over the whole view (md5 order is deterministic). */
async function sampleIds(): Promise<string[]> {
  const text = process.env['BENCH_IDS']?.trim() ?? '';
  if (text !== '' && !/^\d+$/.test(text)) return text.split(',').map((id) => id.trim()).filter(Boolean);
  const { rows } = await pool.query<{ parcel_id: string }>('SELECT id AS parcel_id FROM layer_pub.parcels ORDER BY md5(id) LIMIT $1', [
    positiveInt('BENCH_IDS', 200),
  ]);
  return rows.map((row) => row.parcel_id);
}

function viaGateway(key: string, paths: string[], seconds: number): Promise<{ stats: RouteStats; failures: string[] }> {
  return loadGateway({ route: GATEWAY_ROUTE, url: settings.url, key, paths, connections: settings.connections, seconds, accepted: (status) => status.startsWith('2') });
}

/**
 * `connections` clients on the pool, each running the lookup for the next id until the time is up.
 * `prepared`: sent as a named prepared statement (planned once per connection), as parcel-svc sends
 * findFeature (prepareStatements); the plain fetch stays a one-off statement, planned on every call.
 */
async function direct(route: string, sql: string, ids: string[], seconds: number, prepared = false): Promise<{ stats: RouteStats; failures: string[] }> {
  const { stats, misses } = await loadPool(route, settings.connections, seconds, async (n) => {
    const id = ids[n % ids.length]!;
    const [{ rows }, facts] = await Promise.all([
      pool.query<Record<string, unknown>>(prepared ? { name: 'bench_find_feature', text: sql, values: [id] } : { text: sql, values: [id] }),
      STORED_BLOCKS_SQL ? pool.query(STORED_BLOCKS_SQL, [[id]]) : undefined,
    ]);
    // parcel-svc replies over NATS with the row as JSON: pay for the same serialisation here.
    return rows[0] ? JSON.stringify({ row: rows[0], facts: facts?.rows[0] }).length > 0 : false;
  });
  return { stats, failures: misses > 0 ? [`${misses} ids not found`] : [] };
}

function printReport(measured: ReadonlyArray<{ stats: RouteStats; cpu: CpuSplit }>, report: object): void {
  const routes = measured.map((route) => route.stats);
  const header = ['route'.padEnd(40), 'req/s'.padStart(10), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'p99 ms'.padStart(9), 'requests'.padStart(10)];
  console.log(`\n${header.join(' ')}`);
  for (const route of routes) {
    console.log(
      [
        route.route.padEnd(40),
        route.perSecond.toFixed(1).padStart(10),
        route.p50Ms.toFixed(2).padStart(9),
        route.p95Ms.toFixed(2).padStart(9),
        route.p99Ms.toFixed(2).padStart(9),
        String(route.count).padStart(10),
      ].join(' '),
    );
  }
  console.log('\nwhere the CPU went (all processes of the stack, per request; on two shared cores this is what the ratios are made of):');
  for (const { stats, cpu } of measured) console.log(`  ${stats.route.padEnd(40)} ${cpuLine(cpu)}`);
  const [gateway, directPg, plain] = routes as [RouteStats, RouteStats, RouteStats];
  console.log(`\ngateway/direct (same SQL) req/s: ${(gateway.perSecond / directPg.perSecond).toFixed(3)}`);
  console.log(`gateway/plain primary-key fetch req/s: ${(gateway.perSecond / plain.perSecond).toFixed(3)}`);
  console.log(JSON.stringify(report));
}

const { key, label, release } = benchKey(stack, 'parcels:read');
settings.key = label;
try {
  const ids = await sampleIds();
  if (ids.length === 0) throw new Error('layer_pub.parcels is empty: nothing to look up');
  settings.ids = ids.length;

  const base = new URL(settings.url).pathname.replace(/\/+$/, '');
  const query = INCLUDE.length > 0 ? `?include=${INCLUDE.join(',')}` : '';
  const paths = ids.map((id) => `${base}/v1/parcels/${encodeURIComponent(id)}${query}`);
  // Fail fast and clearly (wrong key, stack down) instead of after a full run of errors.
  const probe = await fetch(new URL(paths[0]!, settings.url), { headers: { authorization: `Bearer ${key}` } });
  if (!probe.ok) throw new Error(`GET ${paths[0]} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);

  const machine = await machineFacts(pool);
  console.log('machine ', machine);
  console.log('settings', settings);
  console.log('(the load generator shares this machine with the stack)');

  console.log(`warm-up ${WARMUP_SECONDS} s each ...`);
  await viaGateway(key, paths, WARMUP_SECONDS);
  await direct(DIRECT_ROUTE, FIND_FEATURE_SQL, ids, WARMUP_SECONDS, true);
  await direct(PLAIN_ROUTE, PLAIN_FETCH_SQL, ids, WARMUP_SECONDS);
  console.log(`measuring ${settings.seconds} s each ...`);
  const gateway = await withCpu(stackDir(), () => viaGateway(key, paths, settings.seconds));
  const directPg = await withCpu(stackDir(), () => direct(DIRECT_ROUTE, FIND_FEATURE_SQL, ids, settings.seconds, true));
  const plain = await withCpu(stackDir(), () => direct(PLAIN_ROUTE, PLAIN_FETCH_SQL, ids, settings.seconds));

  const failures = [...gateway.failures.map((f) => `gateway: ${f}`), ...directPg.failures.map((f) => `direct: ${f}`), ...plain.failures.map((f) => `plain: ${f}`)];
  const measured = [gateway, directPg, plain];
  printReport(measured, {
    bench: 'parcel',
    at: new Date().toISOString(),
    ok: failures.length === 0,
    failures,
    machine,
    settings,
    routes: measured.map(({ stats: r, cpu }) => ({
      route: r.route,
      req_s: round(r.perSecond, 1),
      p50_ms: round(r.p50Ms, 2),
      p95_ms: round(r.p95Ms, 2),
      p99_ms: round(r.p99Ms, 2),
      requests: r.count,
      cpu_ms_per_request: cpuFigures(cpu),
    })),
    gateway_over_direct: round(gateway.stats.perSecond / directPg.stats.perSecond, 3),
    gateway_over_plain_primary_key: round(gateway.stats.perSecond / plain.stats.perSecond, 3),
  });
  await printStackMemory();
  reportFailures(failures);
} finally {
  release();
  await pool.end();
}
