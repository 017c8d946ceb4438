import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { runWithRequestContext } from '@lp/runtime';
import type { NamedFeatures } from './named-features.js';
import { NamedFeaturesRepository } from './named-features.repository.js';

/** How often the layer versions are compared, at most: a refresh is seen within this time. */
const CHECK_EVERY_MS = 30_000;
/** A load's own deadline: its statements are cancelled after it (start-up, or a refresh that holds the layer locked). */
export const LOAD_DEADLINE_MS = 60_000;
/** How long a query waits for the first load after start-up before it goes on without named features. */
export const FIRST_LOAD_WAIT_MS = 10_000;

/**
 * The named features of the anchor layers in memory, loaded after start-up and again when a refresh
 * of those layers published a new version (checked in the background, at most every 30 s, so no
 * query waits for it). Start-up does not wait for the load (NATS and the ops port come up at once);
 * a query that comes before the first load has finished waits for it, up to FIRST_LOAD_WAIT_MS.
 * Without them a query still works: names are then not read as anchors.
 */
@Injectable()
export class NamedFeaturesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('NamedFeatures');
  private current: NamedFeatures | null = null;
  private checkedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly repository: NamedFeaturesRepository) {}

  onApplicationBootstrap(): void {
    void this.refresh('start-up');
  }

  /** The features to resolve names with (null when none could be loaded); starts a background check when due. */
  async features(): Promise<NamedFeatures | null> {
    if (this.current === null && this.loading) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.loading, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_LOAD_WAIT_MS)))]);
      clearTimeout(timer);
    } else if (Date.now() - this.checkedAt > CHECK_EVERY_MS) {
      void this.refresh('version check');
    }
    return this.current;
  }

  /**
   * Loads the features unless the ones in memory are of the published versions. One load at a time,
   * under its own deadline: a check noticed by a query must not inherit that query's deadline (its
   * statements would be cancelled when the query's time ran out), nor run unbounded.
   */
  refresh(reason: string): Promise<void> {
    this.loading ??= runWithRequestContext({ requestId: `named-features ${reason}`, deadlineMs: Date.now() + LOAD_DEADLINE_MS }, () => this.load(reason))
      .catch((error: unknown) => this.logger.error(`named features not loaded (${reason}): ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.checkedAt = Date.now();
        this.loading = null;
      });
    return this.loading;
  }

  private async load(reason: string): Promise<void> {
    // the version before the rows: features read after a newer version was published are reloaded at the next check, never kept as current
    const version = await this.repository.version();
    if (this.current?.version === version) return;
    const started = performance.now();
    const features = await this.repository.load(version);
    this.current = features;
    this.logger.log(`named features loaded (${reason}): ${features.size} names, in ${Math.round(performance.now() - started)} ms`);
  }
}
