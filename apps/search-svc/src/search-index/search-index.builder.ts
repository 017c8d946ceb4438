import { Inject, Injectable, Logger } from '@nestjs/common';
import type { LayerRefreshedEvent } from '@lp/contracts';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from '../config/search-svc.env.js';
import { INDEX_LAYER_REACH_M, INDEX_LAYERS } from './index-columns.js';
import { SearchIndexRepository, type IndexBuild } from './search-index.repository.js';

/**
 * Keeps the search index in step with the layers: at start builds every gmina that has no build or
 * was built from an older version of a layer it reads, and on each refresh rebuilds the gminas the
 * refreshed features can reach (a substation reaches 50 km, a flood zone 1 km, a local plan only
 * its own gmina), marking the others current. Builds of one process run one batch at a time.
 */
@Injectable()
export class SearchIndexBuilder {
  private readonly logger = new Logger('SearchIndex');
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly index: SearchIndexRepository,
    @Inject(SEARCH_SVC_ENV) private readonly env: SearchSvcEnv,
  ) {}

  buildStale(): Promise<number> {
    return this.serialised(async () => {
      const [gminas, builds, versions] = await Promise.all([this.index.gminasWithParcels(), this.index.builds(), this.index.layerVersions()]);
      const built = new Map(builds.map((b) => [b.teryt, b.versions]));
      const stale = gminas.filter((teryt) => {
        const at = built.get(teryt);
        return !at || INDEX_LAYERS.some((layer) => (at[layer] ?? 0) < (versions[layer] ?? 0));
      });
      await this.dropGone(builds, gminas);
      await this.buildAll(stale, 'stale or missing');
      return stale.length;
    });
  }

  onLayerRefreshed(event: LayerRefreshedEvent): Promise<number> {
    return this.serialised(async () => {
      const reach = INDEX_LAYER_REACH_M[event.layer_id];
      if (reach === undefined) return 0;
      const [gminas, builds] = await Promise.all([this.index.gminasWithParcels(), this.index.builds()]);
      const withParcels = new Set(gminas);
      const built = new Map(builds.map((b) => [b.teryt, b.versions]));
      await this.dropGone(builds, gminas);
      const reached = new Set((await this.index.gminasNear(event.teryt, reach)).filter((t) => withParcels.has(t)));
      const behind = (teryt: string): boolean => (built.get(teryt)?.[event.layer_id] ?? 0) < event.version;
      await this.index.markCurrent(gminas.filter((t) => !reached.has(t) && built.has(t)), event.layer_id, event.version);
      // gminas never built (new parcels) are built too
      const work = gminas.filter((t) => (reached.has(t) && behind(t)) || !built.has(t));
      await this.buildAll(work, `${event.layer_id} v${event.version} (${event.run_id})`);
      return work.length;
    });
  }

  /** Gminas that no longer have parcels leave the index. */
  private async dropGone(builds: readonly IndexBuild[], gminasWithParcels: readonly string[]): Promise<void> {
    const withParcels = new Set(gminasWithParcels);
    for (const build of builds) if (!withParcels.has(build.teryt)) await this.index.dropGmina(build.teryt);
  }

  private async buildAll(teryts: readonly string[], why: string): Promise<void> {
    if (teryts.length === 0) return;
    const started = performance.now();
    this.logger.log(`building the search index of ${teryts.length} gminas: ${why}`);
    let next = 0;
    let done = 0;
    let parcels = 0;
    const worker = async (): Promise<void> => {
      while (next < teryts.length) {
        const teryt = teryts[next++]!;
        const gminaStarted = performance.now();
        const count = await this.index.buildGmina(teryt, gminaStarted);
        parcels += count;
        done++;
        if (count > 0 || done === teryts.length || done % 100 === 0) {
          this.logger.log(`[${done}/${teryts.length}] gmina ${teryt}: ${count} parcels in ${Math.round(performance.now() - gminaStarted)} ms`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.env.INDEX_BUILD_CONCURRENCY, teryts.length) }, worker));
    await this.index.analyze();
    this.logger.log(`search index: ${teryts.length} gminas, ${parcels} parcels in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
