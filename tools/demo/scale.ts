/**
 * `npm run demo:scale -- --parcels 1000000 [--geometry realistic|synthetic]`: a large dataset for
 * benchmarks. Spreads N generated parcels over every gmina of Poland (in proportion to its area, in a
 * block around the gmina's point on surface: by default realistic land-register shapes, or the former
 * rectangular plots; scale-parcels.ts, docs/scale-data.md) and covers them with national layers (terrain statistics,
 * solar yield, land cover, grid capacity: scale-layers.ts), keeps the demo's features of each,
 * writes one source file per layer and loads them through the same refresh pipeline as everything
 * else, parcels last (so the search index and the facts are built once, from every layer). Prints
 * progress, the generation rate and the parcels' shape statistics.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { GRID_CAPACITY_SQL, SCALE_LAYERS, gminaBlockSql } from './scale-layers.js';
import { PARCEL_GEOMETRIES, plotsParams, type ParcelGeometry } from './scale-parcels.js';
import { ParcelShapeStats, describeShapes } from './scale-stats.js';

const LAYERS = [...SCALE_LAYERS, 'parcels'] as const;
type Layer = (typeof LAYERS)[number];

interface GminaQuota {
  teryt: string;
  quota: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      parcels: { type: 'string', default: '1000000' },
      geometry: { type: 'string', default: 'realistic' },
      out: { type: 'string' }, 'demo-dir': { type: 'string' }, 'no-load': { type: 'boolean' } },
  });
  const total = Number(values.parcels);
  const geometry = values.geometry as ParcelGeometry;
  if (!PARCEL_GEOMETRIES.includes(geometry)) throw new Error(`--geometry must be one of ${PARCEL_GEOMETRIES.join(', ')}`);
  if (!Number.isInteger(total) || total < 1000 || total > 50_000_000) throw new Error('--parcels must be an integer between 1000 and 50000000');
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const root = resolve(import.meta.dirname, '../../..'); // tools/dist/demo -> repository
  const out = resolve(values.out ?? join(root, '.stack/dev/scale-data', geometry === 'synthetic' ? `${total}-synthetic` : String(total)));
  mkdirSync(out, { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'demo-scale' });
  await client.connect();
  const started = performance.now();
  const outputs = new Map<Layer, WriteStream>(LAYERS.map((layer) => [layer, createWriteStream(join(out, `${layer}.geojsonl`))]));
  const written = new Map<Layer, number>(LAYERS.map((layer) => [layer, 0]));
  const write = (layer: Layer, line: string): void => {
    outputs.get(layer)!.write(`${line}\n`);
    written.set(layer, written.get(layer)! + 1);
  };
  try {
    const quotas = await gminaQuotas(client, total);
    if (quotas.length === 0) throw new Error('no gminas in layer_pub.admin_bounds: load the demo data first (npm start)');
    for (const layer of LAYERS) {
      const kept = await keepDemoFeatures(values['demo-dir'], layer, (line) => write(layer, line));
      if (kept > 0) console.log(`scale: kept ${kept} demo ${layer} features`);
    }
    const shapes = new ParcelShapeStats();
    const blockSql = gminaBlockSql(geometry);
    const generating = performance.now();
    let lastReport = generating;
    for (const [index, gmina] of quotas.entries()) {
      // Prepared once (named): the statement is long, and parsing and planning it anew is much of a small block's cost.
      const rows = await client.query<BlockRow>({ name: `scale-block-${geometry}`, text: blockSql, values: [gmina.teryt, gmina.quota, ...plotsParams(geometry)] });
      let parcels = 0;
      for (const row of rows.rows) {
        write(row.layer, row.line);
        if (row.layer !== 'parcels' || row.area === null || row.vertices === null) continue;
        shapes.add(row.area, row.vertices);
        parcels++;
      }
      if (parcels < gmina.quota) console.warn(`scale: gmina ${gmina.teryt} got ${parcels} of its ${gmina.quota} parcels`);
      if (performance.now() - lastReport > 10_000 || index + 1 === quotas.length) {
        lastReport = performance.now();
        const generated = shapes.summary().parcels;
        console.log(`scale: ${index + 1}/${quotas.length} gminas, ${generated} ${geometry} parcels generated, ${rate(generated, generating)} parcels/s (${seconds(started)} s)`);
      }
    }
    console.log(`scale: ${geometry} parcels: ${describeShapes(shapes.summary())}`);
    for (const row of (await client.query<{ line: string }>(GRID_CAPACITY_SQL)).rows) write('grid_capacity', row.line);
    await Promise.all([...outputs.values()].map((output) => new Promise<void>((resolveEnd) => output.end(resolveEnd))));
    for (const layer of LAYERS) {
      writeFileSync(join(out, `${layer}.source.json`), JSON.stringify({ source_url: `generated://tools/demo/scale#${layer}`, note: `generated by tools/demo/scale (${total} ${geometry} parcels), not real data` }));
    }
    console.log(`scale: wrote ${LAYERS.map((layer) => `${written.get(layer)} ${layer}`).join(', ')} to ${out} in ${seconds(started)} s`);
  } finally {
    await client.end();
  }
  if (values['no-load']) return;
  for (const layer of LAYERS) {
    const loadStarted = performance.now();
    console.log(`scale: loading ${layer} through the refresh pipeline ...`);
    const result = spawnSync(process.execPath, [join(root, 'apps/layer-svc/dist/refresh/layers.cli.js'), 'refresh', layer, '--source', join(out, `${layer}.geojsonl`), '--coverage', 'national'], {
      stdio: 'inherit',
      env: process.env,
    });
    if (result.status !== 0) throw new Error(`loading the scale ${layer} failed`);
    console.log(`scale: ${layer} loaded in ${seconds(loadStarted)} s`);
  }
  console.log(`scale: done in ${seconds(started)} s; the search index and parcel facts now build in the services (see their logs and /readyz)`);
}

/** The demo's own features of a layer (demo-dir/<layer>.geojsonl), so the scale set replaces none of them. */
async function keepDemoFeatures(demoDir: string | undefined, layer: Layer, keep: (line: string) => void): Promise<number> {
  const file = demoDir ? join(demoDir, `${layer}.geojsonl`) : null;
  if (!file || !existsSync(file)) return 0;
  let kept = 0;
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (line.trim() === '') continue;
    keep(line);
    kept++;
  }
  return kept;
}

/** Parcels per gmina in proportion to its area, at least one each. */
async function gminaQuotas(client: pg.Client, total: number): Promise<GminaQuota[]> {
  const rows = await client.query<{ teryt: string; share: number }>(
    `SELECT id AS teryt, ST_Area(geom) / sum(ST_Area(geom)) OVER () AS share
     FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND geom IS NOT NULL ORDER BY id`,
  );
  return rows.rows.map((row) => ({ teryt: row.teryt, quota: Math.max(1, Math.round(row.share * total)) }));
}

interface BlockRow {
  layer: Layer;
  line: string;
  /** The parcel's area (square metres) and ST_NPoints, on parcel rows only. */
  area: number | null;
  vertices: number | null;
}

function rate(count: number, since: number): string {
  return (count / Math.max(0.001, (performance.now() - since) / 1000)).toFixed(0);
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

main().catch((error: unknown) => {
  console.error(`scale: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
