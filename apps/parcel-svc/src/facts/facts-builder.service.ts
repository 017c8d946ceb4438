import { Inject, Injectable, Logger } from '@nestjs/common';
import { pgCode } from '@lp/db';
import { PROXIMITY_MAX_M, type LayerRefreshedEvent } from '@lp/contracts';
import { PARCEL_SVC_ENV, type ParcelSvcEnv } from '../config/parcel-svc.env.js';
import { composeBlock } from './fact-composer.js';
import { BLOCK_LAYERS, BLOCK_RULES_VERSION, blocksDependingOn, builtUnderOlderRules, FACT_BLOCKS, RULES_KEY, type FactBlock } from './fact-blocks.js';
import { BlockWriter, FactsRepository, type FactBuild } from './facts.repository.js';
import { DEFAULT_BUFFER_M } from './facts.service.js';
import { byGmina } from './gmina-work.js';

/** How far a change in one gmina can reach the facts of parcels in another, per block. */
const REACH_M: Record<FactBlock, number> = {
  regulations: 0,
  terrain: 0,
  constraints: DEFAULT_BUFFER_M,
  proximity: PROXIMITY_MAX_M,
};

/** Tries of one build that PostgreSQL refuses for a concurrent change (serialization failure, deadlock). */
const BUILD_ATTEMPTS = 3;

/** SQLSTATE 40001 (serialization_failure) and 40P01 (deadlock_detected): the transaction may succeed when run again. */
function isSerializationFailure(error: unknown): boolean {
  const code = pgCode(error);
  return code === '40001' || code === '40P01';
}

/**
 * Keeps the facts read model in step with the layers: builds what is missing or stale at start,
 * and on each layer refresh rebuilds the dependent blocks of the gminas the refresh can reach,
 * marking the others current. One batch of builds at a time per process, FACTS_BUILD_CONCURRENCY
 * gminas of it at once; a build is one gmina and block, derived and stored in one transaction,
 * FACTS_BUILD_PAGE_PARCELS parcels at a time.
 */
@Injectable()
export class FactsBuilder {
  private readonly logger = new Logger('FactsBuilder');
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly facts: FactsRepository,
    @Inject(PARCEL_SVC_ENV) private readonly env: Pick<ParcelSvcEnv, 'FACTS_BUILD_CONCURRENCY' | 'FACTS_BUILD_PAGE_PARCELS'>,
  ) {}

  /** Builds every (gmina, block) that has no build or was derived from an older layer version. */
  buildStale(): Promise<number> {
    return this.serialised(async () => {
      const [gminas, builds, sources] = await Promise.all([this.facts.gminasWithParcels(), this.facts.builds(), this.facts.layerSources()]);
      await this.dropGone(builds, gminas);
      const built = new Map(builds.map((b) => [`${b.teryt}/${b.block}`, b.versions]));
      const stale = gminas.flatMap((teryt) =>
        FACT_BLOCKS.filter((block) => {
          const versions = built.get(`${teryt}/${block}`);
          return (
            !versions ||
            builtUnderOlderRules(block, versions) ||
            BLOCK_LAYERS[block].some((layer) => (versions[layer] ?? 0) < (sources.get(layer)?.version ?? 0))
          );
        }).map((block) => ({ teryt, block })),
      );
      if (stale.length > 0) this.logger.log(`building ${stale.length} stale or missing fact blocks over ${new Set(stale.map((s) => s.teryt)).size} gminas`);
      await this.buildAll(stale);
      return stale.length;
    });
  }

  /** Rebuilds what a refresh of one layer can have changed. */
  onLayerRefreshed(event: LayerRefreshedEvent): Promise<number> {
    return this.serialised(async () => {
      const blocks = blocksDependingOn(event.layer_id);
      if (blocks.length === 0) return 0;
      const [gminas, builds] = await Promise.all([this.facts.gminasWithParcels(), this.facts.builds()]);
      await this.dropGone(builds, gminas);
      const withParcels = new Set(gminas);
      const built = new Map(builds.map((b) => [`${b.teryt}/${b.block}`, b.versions]));
      const work: Array<{ teryt: string; block: FactBlock }> = [];
      for (const block of blocks) {
        const reached = REACH_M[block] > 0 && event.teryt.length > 0 ? await this.facts.gminasNear(event.teryt, REACH_M[block]) : event.teryt;
        const affected = new Set(reached.filter((t) => withParcels.has(t)));
        const behind = (teryt: string): boolean => (built.get(`${teryt}/${block}`)?.[event.layer_id] ?? 0) < event.version;
        work.push(...[...affected].filter(behind).map((teryt) => ({ teryt, block })));
        await this.facts.markCurrent(gminas.filter((t) => !affected.has(t)), block, event.layer_id, event.version);
      }
      if (work.length > 0) this.logger.log(`${event.layer_id} v${event.version} (${event.run_id}): rebuilding ${work.length} fact blocks`);
      await this.buildAll(work);
      return work.length;
    });
  }

  /** Gminas built before but without parcels now (all moved or removed) leave the read model. */
  private async dropGone(builds: readonly FactBuild[], gminasWithParcels: readonly string[]): Promise<void> {
    const withParcels = new Set(gminasWithParcels);
    const gone = [...new Set(builds.map((b) => b.teryt))].filter((teryt) => !withParcels.has(teryt));
    if (gone.length === 0) return;
    await this.facts.dropGminas(gone);
    this.logger.log(`dropped the facts of ${gone.length} gminas without parcels (${gone.slice(0, 3).join(', ')}${gone.length > 3 ? ', …' : ''})`);
  }

  /** Rebuilds every block of the given gminas, whatever their builds record (operators, benchmarks). */
  rebuild(teryts: readonly string[]): Promise<number> {
    return this.serialised(async () => {
      const work = teryts.flatMap((teryt) => FACT_BLOCKS.map((block) => ({ teryt, block })));
      await this.buildAll(work);
      return work.length;
    });
  }

  /**
   * Derives and stores one block of every parcel of one gmina, page by page, reading and writing in
   * one snapshot. A write can meet a row another build changed since that snapshot (a parcel that
   * moved between two gminas built at once): PostgreSQL then refuses the transaction and the build
   * starts again in a new snapshot.
   */
  async buildOne(teryt: string, block: FactBlock): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.buildInSnapshot(teryt, block);
      } catch (error) {
        if (attempt >= BUILD_ATTEMPTS || !isSerializationFailure(error)) throw error;
        this.logger.warn(`${block} of gmina ${teryt}: ${(error as Error).message}; building it again (attempt ${attempt + 1} of ${BUILD_ATTEMPTS})`);
      }
    }
  }

  private buildInSnapshot(teryt: string, block: FactBlock): Promise<number> {
    const started = performance.now();
    return this.facts.inSnapshot(async (manager) => {
      const coverage = (await this.facts.coverage([teryt], BLOCK_LAYERS[block], manager)).get(teryt)!;
      const sources = await this.facts.layerSources(manager);
      const writer = await BlockWriter.open(manager, teryt, block);
      const pages = this.facts.rawFactPages(block, teryt, { bufferM: DEFAULT_BUFFER_M }, manager, this.env.FACTS_BUILD_PAGE_PARCELS);
      for await (const rows of pages) {
        await writer.write(rows.map((row) => ({ parcel_id: row.parcel_id, body: composeBlock(block, row.raw, DEFAULT_BUFFER_M, coverage, sources) })));
      }
      const versions = { ...Object.fromEntries(BLOCK_LAYERS[block].map((layer) => [layer, sources.get(layer)?.version ?? 0])), [RULES_KEY]: BLOCK_RULES_VERSION[block] };
      return writer.finish(versions, Math.round(performance.now() - started));
    });
  }

  private async buildAll(work: Array<{ teryt: string; block: FactBlock }>): Promise<void> {
    const started = performance.now();
    // Whole gminas per worker: builds of one gmina's blocks write the same rows, so they never overlap.
    const gminas = byGmina(work);
    let next = 0;
    let done = 0;
    let parcels = 0;
    // A failed build stops every worker before the batch settles, so no build outlives its batch
    // (the next batch may build the same gminas).
    let failure: { error: unknown } | undefined;
    const worker = async (): Promise<void> => {
      while (!failure && next < gminas.length) {
        const { teryt, blocks } = gminas[next++]!;
        for (const block of blocks) {
          if (failure) return;
          const blockStarted = performance.now();
          let count: number;
          try {
            count = await this.buildOne(teryt, block);
          } catch (error) {
            failure ??= { error };
            return;
          }
          parcels += count;
          done++;
          this.logger.log(`[${done}/${work.length}] ${block} of gmina ${teryt}: ${count} parcels in ${Math.round(performance.now() - blockStarted)} ms`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.env.FACTS_BUILD_CONCURRENCY, gminas.length) }, worker));
    if (failure) throw failure.error;
    if (work.length > 0) this.logger.log(`built ${work.length} fact blocks (${parcels} parcel-blocks) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  /** Builds run one after another, whichever of start-up and events asked for them. */
  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
