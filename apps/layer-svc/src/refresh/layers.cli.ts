import 'reflect-metadata';
import { runDatabaseCli } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { AppError, LAYER_CATALOGUE, findLayer, type Cadence } from '@lp/contracts';
import { connect } from '@nats-io/transport-node';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LayerSvcEnv } from '../config/layer-svc.env.js';
import { LAYER_SCHEMA } from '../db/migrations/index.js';
import { OutboxPublisher } from './refresh-events.js';
import { RefreshPipeline } from './refresh-pipeline.js';
import { parseSourceMap, type SourceMap } from './source-map.js';
import { RefreshStatusRepository } from './refresh-status.repository.js';
import { TERRAIN_USAGE, terrainCommand } from '../terrain/terrain.command.js';

const USAGE = `Usage: npm run layers -- <command>
  refresh <layer-id> --source <file|http(s) URL|WFS:...> [--coverage national|derived|<gmina,gmina,...>] [--allow-shrink]
          load a new version of one layer, validate it, and serve it (the old one stays on failure)
  load-dir <dir>     refresh every layer that has <dir>/<layer-id>.geojsonl (admin_bounds first)
  refresh-cadence <daily|weekly|monthly|quarterly> --sources <file.json>
          refresh every layer of that cadence named in the JSON object {"<layer-id>": "<source>"}
          (the Kubernetes CronJobs; a failed layer keeps its previous version and the exit code is 1)
  status             every layer: version, features, refreshed at
  runs [layer-id]    the last refresh runs with status, counts, error and timings
${TERRAIN_USAGE}
Environment: DATABASE_URL (required), NATS_URL (optional: publishes events.layer.refreshed at once;
otherwise layer-svc publishes them from its outbox), NATS_STREAM_REPLICAS (copies of the events stream)`;


const log = (message: string): void => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`);

async function refresh(db: import('typeorm').DataSource, databaseUrl: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { source: { type: 'string' }, coverage: { type: 'string' }, 'allow-shrink': { type: 'boolean' } },
  });
  const layerId = positionals[0];
  if (!layerId || !values.source) {
    console.error(`refresh needs a layer id and --source.\n${USAGE}`);
    return 2;
  }
  if (!findLayer(layerId)) {
    console.error(`Unknown layer ${layerId}; layers: ${LAYER_CATALOGUE.map((layer) => layer.id).join(', ')}`);
    return 2;
  }
  const pipeline = new RefreshPipeline(db, databaseUrl);
  try {
    const result = await pipeline.refresh(layerId, {
      source: values.source,
      coverageGminas: parseCoverage(values.coverage),
      allowShrink: values['allow-shrink'] === true,
      progress: log,
    });
    log(`${layerId}: ${JSON.stringify(result)}`);
  } catch (error) {
    console.error(error instanceof AppError ? error.message : String(error));
    return 1;
  }
  await publishEvents(db);
  return 0;
}

async function loadDir(db: import('typeorm').DataSource, databaseUrl: string, dir: string | undefined): Promise<number> {
  if (!dir || !existsSync(dir)) {
    console.error(`load-dir needs an existing directory.\n${USAGE}`);
    return 2;
  }
  const files = new Set(readdirSync(dir));
  const layers = LAYER_CATALOGUE.map((layer) => layer.id).filter((id) => files.has(`${id}.geojsonl`));
  // Gminas are assigned and coverage computed against admin_bounds, so it goes first.
  layers.sort((a, b) => Number(b === 'admin_bounds') - Number(a === 'admin_bounds'));
  const pipeline = new RefreshPipeline(db, databaseUrl);
  const started = performance.now();
  let failures = 0;
  for (const [index, layerId] of layers.entries()) {
    log(`[${index + 1}/${layers.length}] ${layerId}`);
    try {
      const result = await pipeline.refresh(layerId, { source: join(dir, `${layerId}.geojsonl`), progress: () => undefined });
      log(`[${index + 1}/${layers.length}] ${layerId}: ${result.feature_count} features, version ${result.version}, ${Object.values(result.steps_ms).reduce((a, b) => a + b, 0)} ms`);
    } catch (error) {
      failures++;
      console.error(`[${index + 1}/${layers.length}] ${layerId} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  log(`loaded ${layers.length - failures} of ${layers.length} layers in ${Math.round((performance.now() - started) / 100) / 10} s`);
  await publishEvents(db);
  return failures === 0 ? 0 : 1;
}

const CADENCES: readonly Cadence[] = ['daily', 'weekly', 'monthly', 'quarterly'];

/** One scheduled run: every catalogue layer of the cadence that has a configured source, one after another. */
async function refreshCadence(db: import('typeorm').DataSource, databaseUrl: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { sources: { type: 'string' } } });
  const cadence = positionals[0] as Cadence | undefined;
  if (!cadence || !CADENCES.includes(cadence) || !values.sources) {
    console.error(`refresh-cadence needs one of ${CADENCES.join(', ')} and --sources.\n${USAGE}`);
    return 2;
  }
  let sources: SourceMap;
  try {
    sources = parseSourceMap(readFileSync(values.sources, 'utf8'), values.sources);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const due = LAYER_CATALOGUE.filter((layer) => layer.cadence === cadence);
  const unconfigured = due.filter((layer) => !sources[layer.id]).map((layer) => layer.id);
  if (unconfigured.length > 0) log(`${cadence}: no source configured for ${unconfigured.join(', ')} (left as served)`);
  const pipeline = new RefreshPipeline(db, databaseUrl);
  let failures = 0;
  for (const layer of due.filter((candidate) => sources[candidate.id])) {
    try {
      const result = await pipeline.refresh(layer.id, { source: sources[layer.id] as string, progress: () => undefined });
      log(`${layer.id}: ${result.feature_count} features, version ${result.version}`);
    } catch (error) {
      failures++;
      console.error(`${layer.id} FAILED (previous version still served): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await publishEvents(db);
  return failures === 0 ? 0 : 1;
}

async function status(db: import('typeorm').DataSource): Promise<number> {
  for (const row of await new RefreshStatusRepository(db).layerStates()) {
    console.log(`${row.layer_id.padEnd(20)} v${String(row.version).padEnd(4)} ${row.feature_count.padStart(9)}  ${row.refreshed_at?.toISOString() ?? 'never refreshed'}`);
  }
  return 0;
}

async function runs(db: import('typeorm').DataSource, layerId: string | undefined): Promise<number> {
  for (const row of await new RefreshStatusRepository(db).recentRuns(layerId)) console.log(JSON.stringify(row));
  return 0;
}

function parseCoverage(text: string | undefined): string[] | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'national') return null;
  if (text === 'derived') return undefined;
  const codes = text.split(',').map((code) => code.trim());
  if (!codes.every((code) => /^[0-9]{7}$/.test(code))) throw new Error('--coverage takes national, derived or a comma-separated list of 7-digit gmina codes');
  return codes;
}

async function publishEvents(db: import('typeorm').DataSource): Promise<void> {
  if (!process.env['NATS_URL']) return;
  // With NATS at hand the CLI may create the events stream, so it reads layer-svc's settings for it.
  const env = loadEnv(LayerSvcEnv);
  const nats = await connect({ servers: env.NATS_URL, timeout: 2000 }).catch(() => null);
  if (!nats) return log('NATS is not reachable; layer-svc will publish the events from its outbox');
  try {
    const count = await new OutboxPublisher(db, nats, env.NATS_STREAM_REPLICAS).publishPending();
    if (count > 0) log(`published ${count} event(s) on events.layer.refreshed`);
  } finally {
    await nats.drain();
  }
}

runDatabaseCli({
  name: 'layers',
  schema: LAYER_SCHEMA,
  usage: USAGE,
  commands: {
    refresh: ({ db, databaseUrl, args }) => refresh(db, databaseUrl, args),
    'load-dir': ({ db, databaseUrl, args }) => loadDir(db, databaseUrl, args[0]),
    'refresh-cadence': ({ db, databaseUrl, args }) => refreshCadence(db, databaseUrl, args),
    status: ({ db }) => status(db),
    runs: ({ db, args }) => runs(db, args[0]),
    terrain: async ({ db, databaseUrl, args }) => {
      const code = await terrainCommand(db, databaseUrl, args, log);
      if (code === 0) await publishEvents(db);
      return code;
    },
  },
});
