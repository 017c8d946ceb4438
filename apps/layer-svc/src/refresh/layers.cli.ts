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
import { fetchable, parseSourceMap, type SourceMap } from './source-map.js';
import { runScheduledRefresh } from './scheduled-refresh.js';
import { RefreshStatusRepository } from './refresh-status.repository.js';
import { TERRAIN_USAGE, terrainCommand } from '../terrain/terrain.command.js';
import { TerrainRun } from '../terrain/terrain-run.js';
import type { SourceProfile } from './profiles/source-profile.js';
import { NO_OPEN_SOURCE, SOURCE_PROFILES, resolveProfile } from './profiles/source-profiles.js';
import { parsePartManifest } from './part-manifest.js';
import { PartRefresh, type PartSource } from './part-refresh.js';
import { readRegisterManifest, type RegisterSource } from './register-manifest.js';
import type { SwapPolicy } from './served-swap.js';

const USAGE = `Usage: npm run layers -- <command>
  refresh <layer-id> --source <file|http(s) URL|WFS:...> [--profile <id|file.json>] [--coverage national|derived|<gmina,gmina,...>] [--allow-shrink]
          load a new version of one layer, validate it, and serve it (the old one stays on failure);
          --profile reads the source as its public register publishes it (see the profiles command)
  refresh <layer-id> --part <voivodeship|powiat|gmina TERYT | kinds:<name>> --source <...> | --manifest <parts.json> | --resume <run-id>
          [--profile <id|file.json>] [--parallel <n>] [--drop-outside] [--allow-shrink]
          replace parts of a layer (rows outside them stay as served); parts.json is {"<TERYT>": "<source>"};
          a failed part keeps its served rows; --resume continues a run that stopped, reusing its loaded parts
          a layer fed by several registers (env_layers) is split by kind: --part kinds:flood_risk replaces those kinds only
  Every refresh: [--swap-wait <seconds>] how long the swap gives way to readers of the served view
          (default 900) before it reports that it could not swap and leaves the old version served
  profiles [layer-id] the source profiles of the public registers: layer, register, how fetched, licence
  load-dir <dir>     refresh every layer that has <dir>/<layer-id>.geojsonl (admin_bounds first), or an entry in
          <dir>/registers.json naming the profile and the register's file it is loaded with, then, when
          <dir>/dem/part.json is there, the terrain run of the elevation model sheets in <dir>/dem
  refresh-scheduled <layer-id> --sources <file.json> [--within <voivodeship>] [--wait-lock <seconds>] [--parallel <n>]
          the layer's scheduled refresh (its Kubernetes CronJob): the whole layer from its source, or
          each voivodeship, powiat or gmina (of one voivodeship) from a source with {part}; a harvest by parts that
          stopped is resumed. sources.json: {"<layer-id>": "<source>" | {"source": "...{part}...",
          "parts": "voivodeships"|"powiats"|"gminas", "profile": "<profile id>"} | {"not_scheduled": "why"}};
          a "profile" reads the register's own format (see the profiles command)
  refresh-cadence <daily|weekly|monthly|quarterly> --sources <file.json>
          refresh-scheduled for every layer of that cadence with a source, one after another
  status             every layer: version, features, refreshed at
  runs [layer-id]    the last refresh runs with status, counts, error, timings and rows left out
${TERRAIN_USAGE}
Environment: DATABASE_URL (required), NATS_URL (optional: publishes events.layer.refreshed at once;
otherwise layer-svc publishes them from its outbox), NATS_STREAM_REPLICAS (copies of the events stream)`;


const log = (message: string): void => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`);

async function refresh(db: import('typeorm').DataSource, databaseUrl: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      profile: { type: 'string' },
      coverage: { type: 'string' },
      'allow-shrink': { type: 'boolean' },
      part: { type: 'string' },
      manifest: { type: 'string' },
      resume: { type: 'string' },
      parallel: { type: 'string' },
      'drop-outside': { type: 'boolean' },
      'swap-wait': { type: 'string' },
    },
  });
  const layerId = positionals[0];
  const swapPolicy = parseSwapWait(values['swap-wait']);
  if (swapPolicy === 'bad') {
    console.error('--swap-wait takes a number of seconds');
    return 2;
  }
  if (layerId && (values.part !== undefined || values.manifest !== undefined || values.resume !== undefined)) {
    if (!findLayer(layerId)) {
      console.error(`Unknown layer ${layerId}; layers: ${LAYER_CATALOGUE.map((layer) => layer.id).join(', ')}`);
      return 2;
    }
    return refreshParts(db, databaseUrl, layerId, { ...values, swapPolicy });
  }
  if (!layerId || !values.source) {
    console.error(`refresh needs a layer id and --source.\n${USAGE}`);
    return 2;
  }
  if (!findLayer(layerId)) {
    console.error(`Unknown layer ${layerId}; layers: ${LAYER_CATALOGUE.map((layer) => layer.id).join(', ')}`);
    return 2;
  }
  let profile: SourceProfile | undefined;
  try {
    profile = values.profile ? resolveProfile(values.profile) : undefined;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const pipeline = new RefreshPipeline(db, databaseUrl);
  try {
    const result = await pipeline.refresh(layerId, {
      source: values.source,
      profile,
      coverageGminas: parseCoverage(values.coverage),
      allowShrink: values['allow-shrink'] === true,
      swapPolicy,
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

/** `refresh <layer> --part/--manifest/--resume`: parts of a layer, each validated on its own. */
async function refreshParts(
  db: import('typeorm').DataSource,
  databaseUrl: string,
  layerId: string,
  values: { source?: string; profile?: string; part?: string; manifest?: string; resume?: string; parallel?: string; 'drop-outside'?: boolean; 'allow-shrink'?: boolean; swapPolicy?: Partial<SwapPolicy> },
): Promise<number> {
  let parts: PartSource[] = [];
  let profile: SourceProfile | undefined;
  try {
    profile = values.profile ? resolveProfile(values.profile) : undefined;
    if (values.part !== undefined && values.manifest !== undefined) throw new Error('refresh takes --part with --source, or --manifest, not both');
    if (values.part !== undefined) {
      if (!values.source) throw new Error('--part needs --source (the source of that part only)');
      parts = parsePartManifest(JSON.stringify({ [values.part]: values.source }), '--part');
    } else if (values.manifest !== undefined) {
      parts = parsePartManifest(readFileSync(values.manifest, 'utf8'), values.manifest);
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parallel = values.parallel === undefined ? 2 : Number(values.parallel);
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > 16) {
    console.error('--parallel takes a whole number from 1 to 16');
    return 2;
  }
  try {
    const result = await new PartRefresh(db, databaseUrl).refresh(layerId, {
      parts,
      resumeRunId: values.resume,
      concurrency: parallel,
      allowShrink: values['allow-shrink'] === true,
      dropOutside: values['drop-outside'] === true,
      swapPolicy: values.swapPolicy,
      profile,
      progress: log,
    });
    for (const part of result.parts) log(`${layerId} part ${part.part}: ${part.status}${part.reused ? ' (loaded earlier in the run)' : ''}, ${part.loaded ?? '-'} rows (${part.previous ?? '-'} served before)${part.error ? `: ${part.error}` : ''}`);
    log(`${layerId}: ${JSON.stringify({ run_id: result.run_id, status: result.status, version: result.version, feature_count: result.feature_count, affected_gminas: result.affected_gminas })}`);
    if (result.error) console.error(`${layerId}: run ${result.run_id} ${result.status}: ${result.error}`);
    await publishEvents(db);
    return result.status === 'succeeded' && result.parts.every((part) => part.status !== 'failed') ? 0 : 1;
  } catch (error) {
    console.error(error instanceof AppError ? error.message : String(error));
    return 1;
  }
}

function parseSwapWait(text: string | undefined): Partial<SwapPolicy> | undefined | 'bad' {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  return Number.isFinite(seconds) && seconds >= 0 ? { maxWaitMs: seconds * 1000 } : 'bad';
}

async function loadDir(db: import('typeorm').DataSource, databaseUrl: string, dir: string | undefined): Promise<number> {
  if (!dir || !existsSync(dir)) {
    console.error(`load-dir needs an existing directory.\n${USAGE}`);
    return 2;
  }
  const files = new Set(readdirSync(dir));
  let registers: Map<string, RegisterSource>;
  try {
    registers = readRegisterManifest(dir);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const layers = LAYER_CATALOGUE.map((layer) => layer.id).filter((id) => registers.has(id) || files.has(`${id}.geojsonl`));
  // Gminas are assigned and coverage computed against admin_bounds, so it goes first.
  layers.sort((a, b) => Number(b === 'admin_bounds') - Number(a === 'admin_bounds'));
  const pipeline = new RefreshPipeline(db, databaseUrl);
  const started = performance.now();
  let failures = 0;
  for (const [index, layerId] of layers.entries()) {
    const register = registers.get(layerId);
    log(`[${index + 1}/${layers.length}] ${layerId}${register ? ` (profile ${register.profile.id}: ${register.source})` : ''}`);
    try {
      const source = register ? { source: register.source, profile: register.profile } : { source: join(dir, `${layerId}.geojsonl`) };
      const result = await pipeline.refresh(layerId, { ...source, progress: () => undefined });
      log(`[${index + 1}/${layers.length}] ${layerId}: ${result.feature_count} features, version ${result.version}, ${Object.values(result.steps_ms).reduce((a, b) => a + b, 0)} ms`);
    } catch (error) {
      failures++;
      console.error(`[${index + 1}/${layers.length}] ${layerId} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  log(`loaded ${layers.length - failures} of ${layers.length} layers in ${Math.round((performance.now() - started) / 100) / 10} s`);
  if (existsSync(join(dir, 'dem', 'part.json')) && !(await loadDirDem(db, databaseUrl, join(dir, 'dem')))) failures++;
  await publishEvents(db);
  return failures === 0 ? 0 : 1;
}

/**
 * A directory's elevation model (`dem/part.json`: the part, the gminas whose parcels get terrain
 * statistics, what the model is) through the terrain run: terrain_stats, contours and the relief's
 * model, after the parcels are loaded.
 */
async function loadDirDem(db: import('typeorm').DataSource, databaseUrl: string, dir: string): Promise<boolean> {
  const part = JSON.parse(readFileSync(join(dir, 'part.json'), 'utf8')) as { part: string; teryt?: string[]; note?: string; source_url?: string };
  const started = performance.now();
  log(`terrain ${part.part}: elevation model sheets in ${dir}`);
  try {
    const demNote = part.note ? `${part.note}${part.source_url ? `, ${part.source_url}` : ''}` : undefined;
    const result = await new TerrainRun(db, databaseUrl).run({ part: part.part, dem: [dir], teryt: part.teryt, demNote, progress: () => undefined });
    log(
      `terrain ${part.part}: ${result.sheets.length} sheets; terrain_stats ${result.parcels_computed} parcels, version ${result.version}; ` +
        `contours ${result.contours.feature_count} lines, version ${result.contours.version}; elevation version ${result.elevation_version}; ${Math.round((performance.now() - started) / 100) / 10} s`,
    );
    return true;
  } catch (error) {
    console.error(`terrain ${part.part} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

const CADENCES: readonly Cadence[] = ['daily', 'weekly', 'monthly', 'quarterly'];

function readSources(path: string | undefined): SourceMap | string {
  if (!path) return 'needs --sources';
  try {
    return parseSourceMap(readFileSync(path, 'utf8'), path);
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every catalogue layer of the cadence that has a source, one after another (whole layers and harvests by parts). */
async function refreshCadence(db: import('typeorm').DataSource, databaseUrl: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { sources: { type: 'string' } } });
  const cadence = positionals[0] as Cadence | undefined;
  const sources = readSources(values.sources);
  if (!cadence || !CADENCES.includes(cadence) || typeof sources === 'string') {
    console.error(`refresh-cadence needs one of ${CADENCES.join(', ')} and --sources.${typeof sources === 'string' ? ` ${sources}` : ''}\n${USAGE}`);
    return 2;
  }
  const due = LAYER_CATALOGUE.filter((layer) => layer.cadence === cadence);
  const unconfigured = due.filter((layer) => !fetchable(sources[layer.id])).map((layer) => layer.id);
  if (unconfigured.length > 0) log(`${cadence}: no source configured for ${unconfigured.join(', ')} (left as served)`);
  let failures = 0;
  for (const layer of due.filter((candidate) => fetchable(sources[candidate.id]))) {
    const code = await runScheduledRefresh(db, databaseUrl, layer.id, sources[layer.id]!, { waitLockMs: 0, concurrency: 2, log, fail: (message) => console.error(message) });
    if (code !== 0) failures++;
  }
  await publishEvents(db);
  return failures === 0 ? 0 : 1;
}

/** The profiles kept in the repository, and the layers whose register has no open source. */
function profiles(layerId: string | undefined): number {
  for (const profile of SOURCE_PROFILES.filter((candidate) => !layerId || candidate.layer === layerId)) {
    const fetched = profile.fetch.kind === 'wfs' ? `WFS ${profile.fetch.typeNames.join(', ')}` : profile.fetch.kind;
    console.log(`${profile.id.padEnd(24)} ${profile.layer.padEnd(18)} ${fetched}; ${profile.register}; ${profile.endpoint ?? profile.publishedAt}; licence: ${profile.licence}`);
  }
  for (const [layer, reason] of Object.entries(NO_OPEN_SOURCE).filter(([layer]) => !layerId || layer.split(' ')[0] === layerId)) console.log(`${'(none)'.padEnd(24)} ${layer.padEnd(18)} ${reason}`);
  return 0;
}

/** One layer's scheduled refresh (its CronJob): the whole layer, or its parts, optionally of one voivodeship. */
async function refreshScheduled(db: import('typeorm').DataSource, databaseUrl: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { sources: { type: 'string' }, within: { type: 'string' }, 'wait-lock': { type: 'string' }, parallel: { type: 'string' } },
  });
  const layerId = positionals[0];
  const sources = readSources(values.sources);
  if (!layerId || typeof sources === 'string') {
    console.error(`refresh-scheduled needs a layer id and --sources.${typeof sources === 'string' ? ` ${sources}` : ''}\n${USAGE}`);
    return 2;
  }
  const entry = sources[layerId];
  if (!entry) {
    console.error(`${values.sources} has no entry for ${layerId}`);
    return 2;
  }
  if (values.within !== undefined && !/^[0-9]{2}$/.test(values.within)) {
    console.error('--within takes a voivodeship, 2 digits of TERYT');
    return 2;
  }
  const waitLockS = Number(values['wait-lock'] ?? 3600);
  const parallel = Number(values.parallel ?? 2);
  const code = await runScheduledRefresh(db, databaseUrl, layerId, entry, { within: values.within, waitLockMs: waitLockS * 1000, concurrency: parallel, log, fail: (message) => console.error(message) });
  await publishEvents(db);
  return code;
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
  // Parts load side by side, each on its own connection, beside the one holding the layer's lock.
  poolSize: 18,
  usage: USAGE,
  commands: {
    refresh: ({ db, databaseUrl, args }) => refresh(db, databaseUrl, args),
    'load-dir': ({ db, databaseUrl, args }) => loadDir(db, databaseUrl, args[0]),
    'refresh-cadence': ({ db, databaseUrl, args }) => refreshCadence(db, databaseUrl, args),
    'refresh-scheduled': ({ db, databaseUrl, args }) => refreshScheduled(db, databaseUrl, args),
    status: ({ db }) => status(db),
    profiles: ({ args }) => Promise.resolve(profiles(args[0])),
    runs: ({ db, args }) => runs(db, args[0]),
    terrain: async ({ db, databaseUrl, args }) => {
      const code = await terrainCommand(db, databaseUrl, args, log);
      if (code === 0) await publishEvents(db);
      return code;
    },
  },
});
