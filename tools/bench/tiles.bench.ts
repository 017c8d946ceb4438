/**
 * npm run bench:tiles: vector tiles of a few layers through the whole stack (gateway → NATS →
 * layer-svc → PostGIS) next to the plainest tile PostGIS makes of the same published view
 * (`ST_AsMVT` over `ST_AsMVTGeom`, no ranking, no simplification) with the same properties (the
 * `fields` of the layer's TileJSON, read from the view's columns), on the same tiles at the same
 * concurrency, with the ratio of the p95s. The plain tile with only id, kind, name and teryt (the
 * baseline of the first runs) is measured too and its ratio printed beside: properties are a third
 * of a parcels tile's bytes and of the time PostGIS takes to encode it. A benchmark, not a test: it
 * prints figures. Needs a running stack (npm start) and a build (npm run build).
 *
 * Two gateway routes per layer: `cold` asks with `Cache-Control: no-cache`, so layer-svc cuts every
 * tile afresh (the work the plain query does; the ratio is of this route), and `warm` asks as a map
 * does, so after the warm-up the tiles come from layer-svc's memory of recent tiles (each checked
 * against the served version first). The plain query has no such memory; its warm-up only warms
 * PostgreSQL's buffers, as the cold route's does. Each route's CPU a tile is split by process
 * (bench-cpu.ts): what the ratio is made of.
 *
 * Environment: BENCH_URL, BENCH_API_KEY, DATABASE_URL, BENCH_SECONDS (10 per route and layer),
 * BENCH_CONNECTIONS (8), BENCH_LAYERS (parcels,buildings,mpzp_zones), BENCH_ZOOMS (13,14,15,16),
 * BENCH_TILES (distinct tiles per layer, 200: tiles around features sampled over the whole layer).
 */
import { tileAt, type TileAddress } from '@lp/geo';
import pg from 'pg';
import { benchKey, benchStack, machineFacts, positiveInt, reportFailures, round, printStackMemory, stackDir } from './bench-stack.js';
import { cpuFigures, cpuLine, withCpu, type CpuSplit } from './bench-cpu.js';
import { loadGateway, loadPool } from './bench-load.js';
import type { RouteStats } from './bench-stats.js';

const WARMUP_SECONDS = 2;
const LAYER_ID = /^[a-z][a-z0-9_]*$/;

const stack = benchStack();
const layers = (process.env['BENCH_LAYERS'] ?? 'parcels,buildings,mpzp_zones').split(',').map((l) => l.trim()).filter(Boolean);
for (const layer of layers) if (!LAYER_ID.test(layer)) throw new Error(`BENCH_LAYERS takes layer ids, not ${layer}`);
const zooms = (process.env['BENCH_ZOOMS'] ?? '13,14,15,16').split(',').map(Number);
for (const z of zooms) if (!Number.isInteger(z) || z < 0 || z > 22) throw new Error(`BENCH_ZOOMS takes zooms from 0 to 22, not ${z}`);
const settings = {
  url: stack.url,
  seconds: positiveInt('BENCH_SECONDS', 10),
  warmupSeconds: WARMUP_SECONDS,
  connections: positiveInt('BENCH_CONNECTIONS', 8),
  tiles_per_layer: positiveInt('BENCH_TILES', 200),
  layers,
  zooms,
  key: '',
};

const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: settings.connections, application_name: 'bench-tiles' });

/** Properties every tile feature has; the TileJSON's other fields are the layer's attributes. */
const CORE_PROPERTIES = ['id', 'kind', 'name', 'teryt'];

/**
 * The plain tile: what anybody would write first against the published view, with these
 * properties beside the core ones (columns of the view; the layer id is checked above, a catalogue
 * name, and each property is a column the view has).
 */
function plainTileSql(layer: string, properties: readonly string[]): string {
  const columns = [...CORE_PROPERTIES, ...properties].map((name) => `f."${name}"`).join(', ');
  return `SELECT ST_AsMVT(q, '${layer}', 4096, 'geom') AS mvt FROM (
            SELECT ${columns},
                   ST_AsMVTGeom(ST_Transform(f.geom, 3857), ST_TileEnvelope($1, $2, $3), 4096, 64, true) AS geom
            FROM layer_pub.${layer} f
            WHERE f.geom && ST_Transform(ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096), 2180)) q`;
}

/** The layer's tile properties beyond the core ones, as its TileJSON lists them, each a column of the published view. */
async function tileProperties(key: string, layer: string): Promise<string[]> {
  const res = await fetch(`${settings.url}/v1/layers/${layer}/tiles.json`, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`GET /v1/layers/${layer}/tiles.json answered ${res.status}`);
  const tilejson = (await res.json()) as { vector_layers?: Array<{ id: string; fields?: Record<string, string> }> };
  const fields = Object.keys(tilejson.vector_layers?.find((v) => v.id === layer)?.fields ?? {}).filter((name) => !CORE_PROPERTIES.includes(name));
  const { rows } = await pool.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'layer_pub' AND table_name = $1 AND column_name = ANY($2::text[])`,
    [layer, fields],
  );
  const columns = new Set(rows.map((row) => row.name));
  const missing = fields.filter((name) => !columns.has(name));
  if (missing.length > 0) throw new Error(`${layer}: the tile properties ${missing.join(', ')} are no columns of layer_pub.${layer}`);
  return fields;
}

/** Distinct tiles around features sampled over the whole layer (md5 order: the same sample every run), zooms in turn. */
async function sampleTiles(layer: string): Promise<TileAddress[]> {
  const { rows } = await pool.query<{ lng: number; lat: number }>(
    `SELECT ST_X(p) AS lng, ST_Y(p) AS lat FROM (
       SELECT ST_Transform(ST_PointOnSurface(f.geom), 4326) AS p FROM layer_pub.${layer} f ORDER BY md5(f.id::text) LIMIT $1) s`,
    [settings.tiles_per_layer * 2],
  );
  const tiles = new Map<string, TileAddress>();
  rows.forEach((row, index) => {
    const tile = tileAt(row.lng, row.lat, zooms[index % zooms.length]!);
    tiles.set(`${tile.z}/${tile.x}/${tile.y}`, tile);
  });
  return [...tiles.values()].slice(0, settings.tiles_per_layer);
}

/** Gateway routes: cold makes every tile afresh, warm lets layer-svc answer from its memory of recent tiles. */
const GATEWAY_ROUTES = {
  cold: { label: 'gateway, cold (no-cache)', headers: { 'cache-control': 'no-cache' } },
  warm: { label: 'gateway, warm (remembered)', headers: {} },
} as const;

function viaGateway(key: string, layer: string, tiles: TileAddress[], seconds: number, route: keyof typeof GATEWAY_ROUTES): Promise<{ stats: RouteStats; failures: string[] }> {
  const base = new URL(settings.url).pathname.replace(/\/+$/, '');
  const paths = tiles.map((t) => `${base}/v1/layers/${layer}/tiles/${t.z}/${t.x}/${t.y}.mvt`);
  // 204 is a tile with nothing in it: a valid answer, as an empty plain tile is.
  const accepted = (status: string): boolean => status === '200' || status === '204';
  const { label, headers } = GATEWAY_ROUTES[route];
  return loadGateway({ route: `${layer}: ${label}`, url: settings.url, key, paths, connections: settings.connections, seconds, accepted, headers });
}

async function plain(layer: string, properties: readonly string[], tiles: TileAddress[], seconds: number, label: string): Promise<{ stats: RouteStats }> {
  const sql = plainTileSql(layer, properties);
  const { stats } = await loadPool(`${layer}: ${label}`, settings.connections, seconds, async (n) => {
    const tile = tiles[n % tiles.length]!;
    await pool.query<{ mvt: Buffer }>(sql, [tile.z, tile.x, tile.y]);
    return true;
  });
  return { stats };
}

function printRow(route: RouteStats): void {
  console.log(
    [route.route.padEnd(44), route.perSecond.toFixed(1).padStart(9), route.p50Ms.toFixed(2).padStart(9), route.p95Ms.toFixed(2).padStart(9), String(route.count).padStart(9)].join(' '),
  );
}

const { key, label, release } = benchKey(stack, 'layers:read');
settings.key = label;
try {
  console.log('machine ', await machineFacts(pool));
  console.log('settings', settings);
  console.log('(the load generator shares this machine with the stack)');
  const results: object[] = [];
  const failures: string[] = [];
  console.log(`\n${['route'.padEnd(44), 'tiles/s'.padStart(9), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'tiles'.padStart(9)].join(' ')}`);
  for (const layer of layers) {
    const tiles = await sampleTiles(layer);
    if (tiles.length === 0) {
      failures.push(`${layer}: no features to sample tiles around`);
      continue;
    }
    const properties = await tileProperties(key, layer);
    const samePlain = (seconds: number) => plain(layer, properties, tiles, seconds, 'plain ST_AsMVT (pg)');
    const idsPlain = (seconds: number) => plain(layer, [], tiles, seconds, 'plain, ids only (pg)');
    await viaGateway(key, layer, tiles, WARMUP_SECONDS, 'cold');
    await samePlain(WARMUP_SECONDS);
    const cold = await withCpu(stackDir(), () => viaGateway(key, layer, tiles, settings.seconds, 'cold'));
    const direct = await withCpu(stackDir(), () => samePlain(settings.seconds));
    const idsOnly = await withCpu(stackDir(), () => idsPlain(settings.seconds));
    await viaGateway(key, layer, tiles, WARMUP_SECONDS, 'warm');
    const warm = await withCpu(stackDir(), () => viaGateway(key, layer, tiles, settings.seconds, 'warm'));
    failures.push(...[...cold.failures, ...warm.failures].map((f) => `${layer}: ${f}`));
    printRow(cold.stats);
    printRow(warm.stats);
    printRow(direct.stats);
    printRow(idsOnly.stats);
    const ratio = cold.stats.p95Ms / direct.stats.p95Ms;
    const warmRatio = warm.stats.p95Ms / direct.stats.p95Ms;
    const idsRatio = cold.stats.p95Ms / idsOnly.stats.p95Ms;
    console.log(
      `${layer}: p95 gateway cold / plain = ${ratio.toFixed(2)} (warm / plain ${warmRatio.toFixed(2)}; cold / plain with ids only ${idsRatio.toFixed(2)}) over ${tiles.length} tiles at z ${zooms.join(',')}, properties ${[...CORE_PROPERTIES, ...properties].join(', ')}`,
    );
    for (const route of [cold, warm, direct, idsOnly]) console.log(`  CPU ${route.stats.route.slice(layer.length + 2).padEnd(30)} ${cpuLine(route.cpu)}`);
    console.log('');
    const figures = ({ stats, cpu }: { stats: RouteStats; cpu: CpuSplit }) => ({
      tiles_s: round(stats.perSecond, 1),
      p50_ms: round(stats.p50Ms, 2),
      p95_ms: round(stats.p95Ms, 2),
      requests: stats.count,
      cpu_ms_per_tile: cpuFigures(cpu),
    });
    results.push({
      layer,
      tiles: tiles.length,
      gateway_cold: figures(cold),
      gateway_warm: figures(warm),
      properties: [...CORE_PROPERTIES, ...properties],
      plain: figures(direct),
      plain_ids_only: figures(idsOnly),
      p95_gateway_cold_over_plain: round(ratio, 2),
      p95_gateway_warm_over_plain: round(warmRatio, 2),
      p95_gateway_cold_over_plain_ids_only: round(idsRatio, 2),
    });
  }
  console.log(JSON.stringify({ bench: 'tiles', at: new Date().toISOString(), ok: failures.length === 0, failures, settings, results }));
  await printStackMemory();
  reportFailures(failures);
} finally {
  release();
  await pool.end();
}
