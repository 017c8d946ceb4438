import { Inject, Injectable, Logger } from '@nestjs/common';
import type { LayerRefreshedEvent } from '@lp/contracts';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from '../config/search-svc.env.js';
import { INDEX_FORMAT, INDEX_LAYER_REACH_M, INDEX_LAYERS } from './index-columns.js';
import { SearchIndexRepository, type IndexBuild } from './search-index.repository.js';

type IndexReadiness =
  | { state: 'checking' }
  | { state: 'building'; done: number; total: number }
  | { state: 'failed'; reason: string }
  | { state: 'ready' };

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
  /** Gminas with parcels and no index build yet: a search over them would answer 503. Unknown until the first check. */
  private readiness: IndexReadiness = { state: 'checking' };

  constructor(
    private readonly index: SearchIndexRepository,
    @Inject(SEARCH_SVC_ENV) private readonly env: SearchSvcEnv,
  ) {}

  buildStale(): Promise<number> {
    return this.serialised(async () => {
      const [gminas, builds, versions] = await Promise.all([this.index.gminasWithParcels(), this.index.builds(), this.index.layerVersions()]);
      const built = new Map(builds.map((b) => [b.teryt, b.versions]));
      const current = new Set(builds.filter((b) => b.adjacency && b.format >= INDEX_FORMAT).map((b) => b.teryt));
      // a build without neighbour pairs or of an older format still answers searches (and assemblies, by clustering), so it is stale, not missing
      const stale = gminas.filter((teryt) => {
        const at = built.get(teryt);
        return !at || !current.has(teryt) || INDEX_LAYERS.some((layer) => (at[layer] ?? 0) < (versions[layer] ?? 0));
      });
      await this.dropGone(builds, gminas);
      // never-built gminas first: until they are built the service is not ready; a stale build still answers
      const unbuilt = stale.filter((teryt) => !built.has(teryt));
      const order = [...unbuilt, ...stale.filter((teryt) => built.has(teryt))];
      this.readiness = unbuilt.length === 0 ? { state: 'ready' } : { state: 'building', done: 0, total: unbuilt.length };
      await this.buildAll(order, 'stale or missing', (done) => {
        if (this.readiness.state === 'building') this.readiness = done >= unbuilt.length ? { state: 'ready' } : { state: 'building', done, total: unbuilt.length };
      });
      this.readiness = { state: 'ready' };
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
      // every gmina with parcels has a build now (also after a failed start-up build)
      this.readiness = { state: 'ready' };
      return work.length;
    });
  }

  /** Gminas that no longer have parcels leave the index. */
  private async dropGone(builds: readonly IndexBuild[], gminasWithParcels: readonly string[]): Promise<void> {
    const withParcels = new Set(gminasWithParcels);
    for (const build of builds) if (!withParcels.has(build.teryt)) await this.index.dropGmina(build.teryt);
  }

  /**
   * Readiness of the service (its ops port's /readyz): throws, saying how far the build is, until
   * every gmina with parcels has an index build, so a search never answers 503 once ready.
   */
  assertReady(): void {
    const readiness = this.readiness;
    if (readiness.state === 'ready') return;
    if (readiness.state === 'checking') throw new Error('checking which gminas need a build');
    if (readiness.state === 'failed') throw new Error(`start-up build failed (${readiness.reason}); retried on the next layer event`);
    throw new Error(`building, ${readiness.done} of ${readiness.total} gminas done`);
  }

  /** The start-up build failed: not ready until a later build succeeds. */
  startupFailed(reason: string): void {
    if (this.readiness.state !== 'ready') this.readiness = { state: 'failed', reason };
  }

  private async buildAll(teryts: readonly string[], why: string, progress?: (done: number) => void): Promise<void> {
    if (teryts.length === 0) return;
    const started = performance.now();
    this.logger.log(`building the search index of ${teryts.length} gminas: ${why}`);
    // parcel keys first, for the gminas built and those around them: a pair across a border needs the
    // neighbour's key too, which a gmina keying only its own parcels would find missing
    await this.index.keyAround(teryts);
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
        progress?.(done);
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
