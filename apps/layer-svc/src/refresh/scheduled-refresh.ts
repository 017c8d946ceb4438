import { AppError } from '@lp/contracts';
import type { DataSource } from 'typeorm';
import { PartStorageRepository } from '../storage/part-storage.repository.js';
import { PartRefresh, type PartSource } from './part-refresh.js';
import { resolveProfile } from './profiles/source-profiles.js';
import type { SourceProfile } from './profiles/source-profile.js';
import { RefreshPipeline } from './refresh-pipeline.js';
import { partSource, type KindPartsEntry, type PartUnit, type SourceEntry } from './source-map.js';

const UNIT_KIND = { voivodeships: 'voivodeship', powiats: 'powiat', gminas: 'gmina' } as const;

export interface ScheduledOptions {
  /** Only the parts in this voivodeship (2-digit TERYT): one CronJob per voivodeship and layer. */
  within?: string;
  /** How long to wait for another refresh of the layer (an earlier part group) to finish. */
  waitLockMs: number;
  concurrency: number;
  log: (message: string) => void;
  /** Where failures are told (the CLI's stderr, so that they reach the Job's alerts). */
  fail: (message: string) => void;
}

const BUSY = /already running/;

/**
 * One scheduled refresh of a layer as its CronJob runs it: the whole layer from its source, or its
 * parts (every powiat or gmina, or those of one voivodeship) from the source template. A harvest
 * by parts that stopped (the pod was evicted, the deadline passed, the swap gave way to readers)
 * is resumed by the next run with the parts it had loaded. Waits while another refresh of the
 * layer runs, as the part groups of one layer are scheduled close together. Returns the exit code.
 */
export async function runScheduledRefresh(db: DataSource, databaseUrl: string, layerId: string, entry: SourceEntry, options: ScheduledOptions): Promise<number> {
  if ('not_scheduled' in entry) {
    options.log(`${layerId}: not scheduled (${entry.not_scheduled}); left as served`);
    return 0;
  }
  if ('kind_parts' in entry) return refreshKindParts(db, databaseUrl, layerId, entry, options);
  const started = Date.now();
  // The register's own format is read through the profile the sources file names for the layer.
  const profile = entry.profile ? resolveProfile(entry.profile) : undefined;
  for (;;) {
    try {
      if (!entry.parts) {
        const result = await new RefreshPipeline(db, databaseUrl).refresh(layerId, { source: entry.source, profile, progress: options.log });
        options.log(`${layerId}: ${result.feature_count} features, version ${result.version}`);
        return 0;
      }
      return await refreshByParts(db, databaseUrl, layerId, { source: entry.source, parts: entry.parts, profile, dropOutside: entry.drop_outside === true }, options);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!BUSY.test(message) || Date.now() - started > options.waitLockMs) {
        options.fail(`${layerId} FAILED (previous version still served): ${message}`);
        return 1;
      }
      options.log(`${layerId}: another refresh of the layer is running; waiting`);
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  }
}

/**
 * A layer fed by several registers: each part of kinds from its own source and profile, one run
 * each, one after another; a part that fails keeps its served rows and the others still run.
 */
async function refreshKindParts(db: DataSource, databaseUrl: string, layerId: string, entry: KindPartsEntry, options: ScheduledOptions): Promise<number> {
  let code = 0;
  for (const [part, { source, profile }] of Object.entries(entry.kind_parts)) {
    const started = Date.now();
    for (;;) {
      try {
        const result = await new PartRefresh(db, databaseUrl).refresh(layerId, { parts: [{ part, source }], profile: profile ? resolveProfile(profile) : undefined, concurrency: 1, progress: options.log });
        const failed = result.parts.find((outcome) => outcome.status === 'failed');
        if (failed) options.fail(`${layerId} part ${part} FAILED (its served rows stay): ${failed.error}`);
        else options.log(`${layerId} part ${part}: run ${result.run_id} ${result.status}, version ${result.version ?? '(unchanged)'}${result.error ? `: ${result.error}` : ''}`);
        if (failed || result.status !== 'succeeded') code = 1;
        break;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!BUSY.test(message) || Date.now() - started > options.waitLockMs) {
          options.fail(`${layerId} part ${part} FAILED (its served rows stay): ${message}`);
          code = 1;
          break;
        }
        options.log(`${layerId}: another refresh of the layer is running; waiting`);
        await new Promise((resolve) => setTimeout(resolve, 15_000));
      }
    }
  }
  return code;
}

async function refreshByParts(
  db: DataSource,
  databaseUrl: string,
  layerId: string,
  entry: { source: string; parts: PartUnit; profile?: SourceProfile; dropOutside: boolean },
  options: ScheduledOptions,
): Promise<number> {
  const { parts, resume } = await plannedParts(db, layerId, entry, options.within ?? null);
  if (parts.length === 0) throw AppError.invalid(`admin_bounds has no ${entry.parts}${options.within ? ` in ${options.within}` : ''}; load it first`);
  if (resume) options.log(`${layerId}: resuming run ${resume}, which stopped before publishing`);
  const result = await new PartRefresh(db, databaseUrl).refresh(layerId, {
    parts,
    resumeRunId: resume ?? undefined,
    concurrency: options.concurrency,
    profile: entry.profile,
    dropOutside: entry.dropOutside,
    progress: options.log,
  });
  const failed = result.parts.filter((part) => part.status === 'failed');
  for (const part of failed) options.fail(`${layerId} part ${part.part} FAILED (its served rows stay): ${part.error}`);
  options.log(`${layerId}: run ${result.run_id} ${result.status}, ${result.parts.length - failed.length} of ${result.parts.length} parts, version ${result.version ?? '(unchanged)'}${result.error ? `: ${result.error}` : ''}`);
  return result.status === 'succeeded' && failed.length === 0 ? 0 : 1;
}

/** Every unit of the template's kind (in the voivodeship), and the run to resume if it holds only these parts. */
async function plannedParts(db: DataSource, layerId: string, entry: { source: string; parts: PartUnit }, within: string | null): Promise<{ parts: PartSource[]; resume: string | null }> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const repository = new PartStorageRepository(runner);
    const units = await repository.units(UNIT_KIND[entry.parts], within);
    const stopped = await repository.resumableRun(layerId);
    const wanted = new Set(units);
    const resume = stopped && stopped.parts.every((part) => wanted.has(part)) ? stopped.run_id : null;
    return { parts: units.map((part) => ({ part, source: partSource(entry.source, part) })), resume };
  } finally {
    await runner.release();
  }
}
