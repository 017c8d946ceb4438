import { AppError, findLayer, LAYER_REFRESHED_SUBJECT, type LayerDefinition, type LayerRefreshedEvent, type RefreshLayerResult } from '@lp/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { DataSource } from 'typeorm';
import { LayerStorageRepository } from '../storage/layer-storage.repository.js';
import { versionTableName } from '../storage/layer-tables.js';
import { underLayerLock } from './layer-lock.js';
import { stageSource } from './load-source.js';
import type { ProfileLoadResult } from './profiles/profile-loader.js';
import type { SourceProfile } from './profiles/source-profile.js';
import { DEFAULT_SWAP_POLICY, SwapBlockedError, swapWithoutQueueing, type SwapPolicy } from './served-swap.js';

export interface RefreshOptions {
  /** File path, http(s) URL or `WFS:...`. */
  source: string;
  /**
   * Gminas the source covers. Default: the `<source>.coverage.json` sidecar of a file source; else
   * derived from the features for a partial layer; else the whole country.
   */
  coverageGminas?: string[] | null;
  /**
   * Read the source as a public register publishes it, through its profile (fetch, GDAL options,
   * mapping to the catalogue); without one the source must be in the pipeline's own format.
   */
  profile?: SourceProfile;
  /** Retries of a profile's WFS requests (tests shorten the back-off). */
  wfsRetry?: { attempts: number; backoffMs: number };
  /** Accept a version with fewer than `minRatio` of the previous version's features. */
  allowShrink?: boolean;
  /** How long the swap may wait for readers of the published view (defaults: DEFAULT_SWAP_POLICY). */
  swapPolicy?: Partial<SwapPolicy>;
  progress?: (message: string) => void;
}

/** What a refresh gives: the new version that is now served. */
export type RefreshResult = RefreshLayerResult;

/** A new version may shrink to half of the previous one; below that the source is likely broken. */
const MIN_RATIO = 0.5;

/**
 * Refresh of one layer: load the source into a new version table, validate it, then swap the served
 * version in one transaction. A failed run leaves the previous version served and is recorded.
 */
export class RefreshPipeline {
  constructor(
    private readonly db: DataSource,
    private readonly databaseUrl: string,
  ) {}

  /** When each layer's served version was loaded. */
  states(): Promise<Array<{ layer_id: string; refreshed_at: Date | null }>> {
    return this.db.query(`SELECT layer_id, refreshed_at FROM layer.layer_state`);
  }

  async refresh(layerId: string, options: RefreshOptions): Promise<RefreshResult> {
    const layer = findLayer(layerId);
    if (!layer) throw AppError.invalid(`Unknown layer ${layerId}.`);
    const say = options.progress ?? (() => undefined);
    return underLayerLock(this.db, layer.id, (storage) => this.run(layer, storage, options, say));
  }

  private async run(layer: LayerDefinition, storage: LayerStorageRepository, options: RefreshOptions, say: (message: string) => void): Promise<RefreshResult> {
    const seq = await storage.nextRunSeq();
    const runId = `${layer.id}-${seq}`;
    const table = versionTableName(layer.id, seq);
    const stage = `r${seq}`;
    const sourceUrl = describeSource(options.source);
    const steps: Record<string, number> = {};
    const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      steps[step] = Math.round(performance.now() - started);
      say(`${layer.id}: ${step} done in ${steps[step]} ms`);
      return result;
    };
    const previous = await storage.state(layer.id);
    await storage.recordRunStart({ runId, seq, layerId: layer.id, sourceUrl });
    say(`${layer.id}: run ${runId} from ${options.source} (published as ${sourceUrl})`);
    let loaded: number | null = null;
    try {
      const { leftOut } = await timed('load', () => this.load(layer, stage, options, say));
      await storage.createVersionTable(table);
      loaded = await timed('copy', () => storage.copyFromStage(layer, stage, table, { runId, fetchedAt: new Date(), sourceUrl }));
      await storage.dropStage(stage);
      say(`${layer.id}: ${loaded} features loaded`);
      if (layer.id !== 'admin_bounds') await timed('assign gminas', () => storage.assignGminas(table));
      const problems = await timed('validate', () => storage.validate(layer, table));
      if (loaded === 0) problems.push('the source has no features');
      const previousCount = previous?.feature_count ?? 0;
      if (!options.allowShrink && previousCount > 0 && loaded < previousCount * MIN_RATIO) {
        problems.push(`the source has ${loaded} features against ${previousCount} in the served version (below ${MIN_RATIO * 100} %); pass allowShrink to accept`);
      }
      if (problems.length > 0) throw AppError.invalid(`The source of ${layer.id} failed validation: ${problems.join('; ')}.`);
      await timed('index', () => storage.indexVersionTable(layer, table));
      const coverage = this.coverageFor(layer, options);
      const coverageGminas = coverage === 'derived' ? await storage.affectedGminas(null, table) : coverage;
      // Gminas whose features changed, and those whose declared coverage changed (a gmina can gain
      // or lose coverage without a feature changing).
      const changed = await storage.affectedGminas(previous?.table_name ?? null, table);
      const coverageChanged = symmetricDifference(previous?.coverage_gminas ?? null, coverageGminas);
      const affected = [...new Set([...changed, ...coverageChanged])].sort();
      const version = await timed('swap', () =>
        swapWithoutQueueing(storage, layer.id, async () => {
          const next = await storage.swap(layer, table, { runId, featureCount: loaded!, coverageGminas, sourceUrl, sourceNote: sourceNote(options.source) });
          await storage.recomputeCoverage(layer.id, coverageGminas);
          if (layer.id === 'admin_bounds') {
            // The list of gminas itself changed: every layer's coverage is recomputed over it.
            for (const other of await storage.layersWithCoverage()) if (other.layer_id !== layer.id) await storage.recomputeCoverage(other.layer_id, other.coverage_gminas);
          }
          const event: LayerRefreshedEvent = { layer_id: layer.id, run_id: runId, version: next, refreshed_at: new Date().toISOString(), teryt: affected };
          await storage.enqueueEvent(LAYER_REFRESHED_SUBJECT, event);
          await storage.recordRunEnd({ runId, status: 'succeeded', loaded, previous: previousCount, error: null, steps, leftOut });
          return next;
        }, { ...DEFAULT_SWAP_POLICY, ...options.swapPolicy }, say),
      );
      await this.retireOldVersions(storage, layer.id, [table, previous?.table_name ?? '']);
      say(`${layer.id}: version ${version} served (${loaded} features, ${affected.length} gminas affected)`);
      return {
        layer_id: layer.id,
        run_id: runId,
        status: 'succeeded',
        version,
        feature_count: loaded,
        previous_count: previousCount,
        affected_gminas: affected.length,
        steps_ms: steps,
        ...(leftOut.length > 0 ? { left_out: leftOut } : {}),
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      say(`${layer.id}: run ${runId} failed, the previous version stays served: ${message}`);
      await storage.dropStage(stage).catch(() => undefined);
      await storage.dropTables(table).catch(() => undefined);
      // A version that could not be swapped in is discarded: a later run loads the source afresh.
      const status = error instanceof SwapBlockedError ? 'not_swapped' : 'failed';
      await storage.recordRunEnd({ runId, status, loaded, previous: previous?.feature_count ?? null, error: message, steps }).catch(() => undefined);
      throw error instanceof AppError ? error : AppError.invalid(`Refresh of ${layer.id} failed: ${message}`);
    }
  }

  private load(layer: LayerDefinition, stage: string, options: RefreshOptions, say: (message: string) => void): Promise<ProfileLoadResult> {
    const reader = { db: this.db, databaseUrl: this.databaseUrl, profile: options.profile, wfsRetry: options.wfsRetry };
    return stageSource(reader, layer, options.source, stage, (message) => say(`${layer.id}: ${message}`));
  }

  private coverageFor(layer: LayerDefinition, options: RefreshOptions): string[] | null | 'derived' {
    if (options.coverageGminas !== undefined) return options.coverageGminas;
    const sidecar = sidecarPath(options.source, 'coverage');
    if (sidecar && existsSync(sidecar)) {
      const parsed = JSON.parse(readFileSync(sidecar, 'utf8')) as { gminas?: unknown };
      if (!Array.isArray(parsed.gminas) || !parsed.gminas.every((code) => typeof code === 'string' && /^[0-9]{7}$/.test(code))) {
        throw AppError.invalid(`${sidecar} must be {"gminas": ["<7-digit TERYT>", ...]}`);
      }
      return parsed.gminas as string[];
    }
    return layer.coverage === 'partial' ? 'derived' : null;
  }

  /** Keeps the served and the previous version (readers may still hold it); drops older ones. */
  private async retireOldVersions(storage: LayerStorageRepository, layerId: string, keep: string[]): Promise<void> {
    // A table still read by a long reader is left for the next run rather than waited for.
    for (const old of await storage.tablesToRetire(layerId, keep)) {
      await storage.dropTablesWithoutWaiting(old).catch(() => undefined);
    }
  }
}

/** The `note` of a file source's `<name>.source.json` sidecar (e.g. that the data is generated). */
function sourceNote(source: string): string | null {
  const path = sidecarPath(source, 'source');
  if (!path || !existsSync(path)) return null;
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { note?: unknown };
  return typeof parsed.note === 'string' && parsed.note.trim() !== '' ? parsed.note.trim() : null;
}

/**
 * The source_url stored with every feature and shown in its provenance. A remote source is its
 * URL. A local file is never named by its path on this server: it is the dataset's own source as
 * its `<name>.source.json` sidecar states it (e.g. `generated://tools/demo/generate/cadastre` or
 * the public register it was downloaded from), or else `local-file:<file name>`.
 */
export function describeSource(source: string): string {
  if (/^(https?:|WFS:)/i.test(source)) return source;
  const path = sidecarPath(source, 'source');
  if (path && existsSync(path)) {
    const stated = (JSON.parse(readFileSync(path, 'utf8')) as { source_url?: unknown }).source_url;
    if (typeof stated === 'string' && stated.trim() !== '' && !isFilePath(stated)) return stated.trim();
  }
  return `local-file:${basename(source)}`;
}

/** A server path: `file:` URLs and absolute or home-relative paths. */
export function isFilePath(value: string): boolean {
  return /^file:/i.test(value) || /^[/~\\]/.test(value) || /^[A-Za-z]:[\\/]/.test(value);
}

/** `<dir>/<name>.geojsonl` → `<dir>/<name>.<kind>.json` for local files. */
function sidecarPath(source: string, kind: string): string | null {
  if (/^(https?:|WFS:)/i.test(source)) return null;
  return source.replace(/\.[^./]+$/, '') + `.${kind}.json`;
}

/** Gminas in one declared coverage list but not the other; nothing when either is derived (null). */
function symmetricDifference(before: string[] | null, after: string[] | null): string[] {
  if (before === null || after === null) return [];
  const was = new Set(before);
  const is = new Set(after);
  return [...before.filter((g) => !is.has(g)), ...after.filter((g) => !was.has(g))];
}
