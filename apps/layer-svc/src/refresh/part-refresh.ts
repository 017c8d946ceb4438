import { AppError, findLayer, LAYER_REFRESHED_SUBJECT, type LayerDefinition, type LayerRefreshedEvent } from '@lp/contracts';
import type { DataSource } from 'typeorm';
import { LayerStorageRepository, type LayerState } from '../storage/layer-storage.repository.js';
import { versionTableName } from '../storage/layer-tables.js';
import { PartStorageRepository, type PartRow, type PartScope } from '../storage/part-storage.repository.js';
import { isKindPart, partScope, partSlug } from './kind-parts.js';
import { checkParts, mapBounded, planParts, type PartSource, type PlannedPart } from './part-plan.js';

export type { PartSource } from './part-plan.js';
import { underLayerLock } from './layer-lock.js';
import { loadSourceInto } from './load-source.js';
import type { SourceProfile } from './profiles/source-profile.js';
import { describeSource } from './refresh-pipeline.js';
import { DEFAULT_SWAP_POLICY, SwapBlockedError, swapWithoutQueueing, type SwapPolicy } from './served-swap.js';

export interface PartRefreshOptions {
  /** The parts to replace; may be empty when resuming (the run's recorded parts are taken). */
  parts: PartSource[];
  /** Continue this run: parts it already loaded and validated are not loaded again. */
  resumeRunId?: string;
  /** Parts loaded at once (each runs one ogr2ogr and holds one connection). */
  concurrency?: number;
  /** Accept a part with fewer than half of the rows the served version has in it. */
  allowShrink?: boolean;
  /** Drop the source's rows outside the part instead of failing the part. */
  dropOutside?: boolean;
  swapPolicy?: Partial<SwapPolicy>;
  /** Read every part's source as its public register publishes it (see RefreshOptions.profile). */
  profile?: SourceProfile;
  progress?: (message: string) => void;
}

export interface PartOutcome {
  part: string;
  status: 'loaded' | 'published' | 'failed';
  /** Loaded by an earlier attempt of the run and used as it was. */
  reused: boolean;
  loaded: number | null;
  /** Rows the served version had in the part. */
  previous: number | null;
  error: string | null;
}

export interface PartRefreshResult {
  layer_id: string;
  run_id: string;
  /** `succeeded` when every loaded part is served (failed parts keep their previous rows). */
  status: 'succeeded' | 'failed' | 'not_swapped';
  version: number | null;
  feature_count: number | null;
  /** Gminas whose rows or coverage changed, as the refreshed event names them. */
  affected_gminas: string[];
  parts: PartOutcome[];
  error: string | null;
}

/** A part may shrink to half of what the served version has in it, as a whole layer may. */
const MIN_RATIO = 0.5;

interface LoadedPart {
  outcome: PartOutcome;
  table: string | null;
  scope: PartScope;
  gminas: string[];
}

/**
 * Refresh of a layer by parts (voivodeships, powiats or gminas, as GUNB, EGiB, BDOT10k, RCN and APP
 * are published).
 * Each part is loaded into its own table and validated on its own (the shrink check compares it
 * with the served rows of the same part); the parts that pass, loaded a few at a time, make one new
 * version with the served rows outside them, swapped in once per run. A failed part leaves its
 * served rows as they are. Every part's state is recorded with the run, so a run that stopped
 * resumes with the parts it had already loaded.
 */
export class PartRefresh {
  constructor(
    private readonly db: DataSource,
    private readonly databaseUrl: string,
  ) {}

  async refresh(layerId: string, options: PartRefreshOptions): Promise<PartRefreshResult> {
    const layer = findLayer(layerId);
    if (!layer) throw AppError.invalid(`Unknown layer ${layerId}.`);
    if (layer.id === 'admin_bounds') throw AppError.invalid('admin_bounds defines the parts; refresh it whole.');
    checkParts(options.parts, layer);
    return underLayerLock(this.db, layer.id, (storage, runner) => this.run(layer, storage, new PartStorageRepository(runner), options));
  }

  private async run(layer: LayerDefinition, storage: LayerStorageRepository, parts: PartStorageRepository, options: PartRefreshOptions): Promise<PartRefreshResult> {
    const say = (message: string): void => options.progress?.(`${layer.id}: ${message}`);
    const { runId, seq, earlier } = await this.openRun(layer, storage, parts, options);
    const plan = planParts(options.parts, earlier);
    if (plan.length === 0) throw AppError.invalid(`Run ${runId} has no parts to load; name them with --part or --manifest.`);
    const served = await storage.state(layer.id);
    say(`run ${runId}: ${plan.length} part(s), ${options.concurrency ?? 2} at a time`);
    const results = await mapBounded(plan, Math.max(1, options.concurrency ?? 2), (item) => this.loadPart(layer, runId, seq, item, served, options, say));
    const loaded = results.filter((result) => result.outcome.status === 'loaded');
    const base = { layer_id: layer.id, run_id: runId, parts: results.map((result) => result.outcome) };
    if (loaded.length === 0) {
      const error = `no part of ${layer.id} could be loaded; every part keeps its served rows`;
      await storage.recordRunEnd({ runId, status: 'failed', loaded: null, previous: served?.feature_count ?? null, error, steps: {} });
      return { ...base, status: 'failed', version: null, feature_count: null, affected_gminas: [], error };
    }
    return this.publish(layer, storage, parts, { runId, seq, served, loaded, base, options, say });
  }

  /** A new run, or the reopened run to resume with the parts it recorded. */
  private async openRun(layer: LayerDefinition, storage: LayerStorageRepository, parts: PartStorageRepository, options: PartRefreshOptions): Promise<{ runId: string; seq: number; earlier: PartRow[] }> {
    if (options.resumeRunId) {
      const run = await parts.run(options.resumeRunId);
      if (!run || run.layer_id !== layer.id) throw AppError.invalid(`${options.resumeRunId} is not a run of ${layer.id}.`);
      if (run.status === 'succeeded') throw AppError.invalid(`Run ${options.resumeRunId} has already been published; start a new run.`);
      await parts.reopenRun(options.resumeRunId);
      return { runId: options.resumeRunId, seq: Number(run.seq), earlier: await parts.runParts(options.resumeRunId) };
    }
    if (options.parts.length === 0) throw AppError.invalid('Name the parts to refresh (--part with --source, or --manifest).');
    const seq = await storage.nextRunSeq();
    const runId = `${layer.id}-${seq}`;
    const first = describeSource(options.parts[0]!.source);
    const sourceUrl = options.parts.length === 1 ? first : `${first} and ${options.parts.length - 1} more part(s)`;
    await storage.recordRunStart({ runId, seq, layerId: layer.id, sourceUrl });
    // Parts an earlier, unfinished run had loaded are not resumed once a new run starts.
    for (const table of await parts.supersede(layer.id, runId)) await storage.dropTables(table).catch(() => undefined);
    return { runId, seq, earlier: [] };
  }

  /** Loads and validates one part on its own connection; a failure is recorded, not thrown. */
  private async loadPart(layer: LayerDefinition, runId: string, seq: number, item: PlannedPart, served: LayerState | null, options: PartRefreshOptions, say: (message: string) => void): Promise<LoadedPart> {
    const table = `${versionTableName(layer.id, seq)}_${partSlug(item.part)}`;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    const storage = new LayerStorageRepository(runner);
    const parts = new PartStorageRepository(runner);
    const outcome: PartOutcome = { part: item.part, status: 'failed', reused: false, loaded: null, previous: null, error: null };
    // A part of kinds is the whole country for its kinds: it holds no gminas and leaves coverage as it is.
    const gminas = isKindPart(item.part) ? [] : await parts.gminasOf(item.part);
    const scope = partScope(layer, item.part, gminas);
    try {
      if (item.earlier?.status === 'loaded' && item.earlier.table_name === table && (await parts.tableExists(table))) {
        say(`part ${item.part}: loaded by an earlier attempt of ${runId}, used as it is`);
        const reused: PartOutcome = { ...outcome, status: 'loaded', reused: true, loaded: Number(item.earlier.loaded_count), previous: Number(item.earlier.previous_count) };
        return { outcome: reused, table, scope, gminas };
      }
      if (scope.column === 'teryt' && gminas.length === 0) throw AppError.invalid(`part ${item.part} is no voivodeship, powiat or gmina of admin_bounds`);
      await parts.recordPart(runId, { part: item.part, source: item.source, status: 'loading', table, gminas, loaded: null, previous: null, error: null });
      // Leftovers of an attempt that stopped half-way are cleared first.
      const stage = `r${seq}_${partSlug(item.part)}`;
      await storage.dropStage(stage);
      await storage.dropTables(table);
      const sourceUrl = describeSource(item.source);
      outcome.loaded = await loadSourceInto(storage, layer, { db: this.db, databaseUrl: this.databaseUrl, profile: options.profile }, { source: item.source, sourceUrl, runId, stage, table }, (message) => say(`part ${item.part}: ${message}`));
      outcome.previous = served?.table_name ? await parts.servedCountIn(served.table_name, scope) : 0;
      const problems = await this.partProblems(layer, storage, parts, { table, scope, served, outcome, options, part: item.part });
      if (problems.length > 0) throw AppError.invalid(`part ${item.part} of ${layer.id} failed validation: ${problems.join('; ')}`);
      await parts.recordPart(runId, { part: item.part, source: item.source, status: 'loaded', table, gminas, loaded: outcome.loaded, previous: outcome.previous, error: null });
      say(`part ${item.part}: ${outcome.loaded} rows loaded and validated (${outcome.previous} served in it)`);
      return { outcome: { ...outcome, status: 'loaded' }, table, scope, gminas };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      say(`part ${item.part} failed, its served rows stay: ${message}`);
      await storage.dropTables(table).catch(() => undefined);
      await parts.recordPart(runId, { part: item.part, source: item.source, status: 'failed', table: null, gminas, loaded: outcome.loaded, previous: outcome.previous, error: message }).catch(() => undefined);
      return { outcome: { ...outcome, error: message }, table: null, scope, gminas };
    } finally {
      await runner.release();
    }
  }

  /** The part's own checks: rows outside it, the layer's rules, the shrink check, ids used elsewhere. */
  private async partProblems(
    layer: LayerDefinition,
    storage: LayerStorageRepository,
    parts: PartStorageRepository,
    check: { table: string; scope: PartScope; served: LayerState | null; outcome: PartOutcome; options: PartRefreshOptions; part: string },
  ): Promise<string[]> {
    const problems: string[] = [];
    const outside = await parts.rowsOutside(check.table, check.scope);
    if (outside.count > 0 && check.options.dropOutside) {
      await parts.deleteOutside(check.table, check.scope);
      check.outcome.loaded = await storage.count(check.table);
    } else if (outside.count > 0) {
      problems.push(`${outside.count} row(s) of the source lie outside the part (e.g. ${outside.examples.join(', ')}); pass dropOutside to leave them out`);
    }
    problems.push(...(await storage.validate(layer, check.table)));
    const loaded = check.outcome.loaded ?? 0;
    const previous = check.outcome.previous ?? 0;
    if (loaded === 0 && !check.options.allowShrink) problems.push('the source has no features in the part');
    if (!check.options.allowShrink && previous > 0 && loaded < previous * MIN_RATIO) {
      problems.push(`the source has ${loaded} features in the part against ${previous} served there (below ${MIN_RATIO * 100} %); pass allowShrink to accept`);
    }
    if (check.served?.table_name) {
      const ids = await parts.idsUsedOutside(check.table, check.served.table_name, check.scope);
      if (ids.length > 0) problems.push(`ids already served outside the part (e.g. ${ids.join(', ')})`);
    }
    return problems;
  }

  /** One new version: the served rows outside the loaded parts and the parts' rows, swapped in once. */
  private async publish(
    layer: LayerDefinition,
    storage: LayerStorageRepository,
    parts: PartStorageRepository,
    run: { runId: string; seq: number; served: LayerState | null; loaded: LoadedPart[]; base: Pick<PartRefreshResult, 'layer_id' | 'run_id' | 'parts'>; options: PartRefreshOptions; say: (message: string) => void },
  ): Promise<PartRefreshResult> {
    const { runId, served, loaded, say } = run;
    const table = versionTableName(layer.id, run.seq);
    // checkParts refused a run mixing parts by TERYT and by kind, so the scopes share their column.
    const scope: PartScope = { column: loaded[0]!.scope.column, values: [...new Set(loaded.flatMap((part) => part.scope.values))] };
    const loadedGminas = [...new Set(loaded.flatMap((part) => part.gminas))].sort();
    const covered = served && served.version > 0 ? served.coverage_gminas : [];
    const coverage = covered === null ? null : [...new Set([...covered, ...loadedGminas])].sort();
    try {
      await storage.dropTables(table);
      await storage.createVersionTable(table);
      const count = await parts.compose(table, served?.version ? served.table_name : null, scope, loaded.map((part) => part.table!));
      await indexOrExplain(storage, layer, table);
      const changed = await parts.changedGminas(served?.version ? served.table_name : null, table, scope);
      const newlyCovered = covered === null ? [] : loadedGminas.filter((gmina) => !covered.includes(gmina));
      const affected = [...new Set([...changed, ...newlyCovered])].sort();
      const version = await swapWithoutQueueing(
        storage,
        layer.id,
        async () => {
          const next = await storage.swap(layer, table, { runId, featureCount: count, coverageGminas: coverage, sourceUrl: run.options.parts.length === 1 ? describeSource(run.options.parts[0]!.source) : `parts of run ${runId}`, sourceNote: null });
          await storage.recomputeCoverage(layer.id, coverage);
          const event: LayerRefreshedEvent = { layer_id: layer.id, run_id: runId, version: next, refreshed_at: new Date().toISOString(), teryt: affected };
          await storage.enqueueEvent(LAYER_REFRESHED_SUBJECT, event);
          await storage.recordRunEnd({ runId, status: 'succeeded', loaded: count, previous: served?.feature_count ?? null, error: null, steps: {} });
          await parts.markPublished(runId, loaded.map((part) => part.outcome.part));
          return next;
        },
        { ...DEFAULT_SWAP_POLICY, ...run.options.swapPolicy },
        say,
      );
      for (const part of loaded) await storage.dropTables(part.table!).catch(() => undefined);
      for (const old of await storage.tablesToRetire(layer.id, [table, served?.table_name ?? ''])) await storage.dropTablesWithoutWaiting(old).catch(() => undefined);
      say(`version ${version} served: ${loaded.length} part(s) replaced, ${count} features, ${affected.length} gmina(s) affected`);
      const outcomes = run.base.parts.map((outcome) => (outcome.status === 'loaded' ? { ...outcome, status: 'published' as const } : outcome));
      return { ...run.base, parts: outcomes, status: 'succeeded', version, feature_count: count, affected_gminas: affected, error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = error instanceof SwapBlockedError ? 'not_swapped' : 'failed';
      say(`run ${runId} was not published (${message}); its loaded parts are kept: resume it with --resume ${runId}`);
      await storage.dropTables(table).catch(() => undefined);
      await storage.recordRunEnd({ runId, status, loaded: null, previous: served?.feature_count ?? null, error: message, steps: {} }).catch(() => undefined);
      return { ...run.base, status, version: null, feature_count: null, affected_gminas: [], error: message };
    }
  }
}

/** Builds the version's indexes; two rows of one id (from two parts, or a part and the rest) are named. */
async function indexOrExplain(storage: LayerStorageRepository, layer: LayerDefinition, table: string): Promise<void> {
  try {
    await storage.indexVersionTable(layer, table);
  } catch (error) {
    const detail = (error as { detail?: string; driverError?: { detail?: string } }).driverError?.detail ?? (error as { detail?: string }).detail;
    if ((error as { code?: string; driverError?: { code?: string } }).driverError?.code === '23505' || (error as { code?: string }).code === '23505') {
      throw AppError.invalid(`two parts, or a part and the rest of the layer, hold the same id (${detail ?? 'duplicate ext_id'})`);
    }
    throw error;
  }
}
