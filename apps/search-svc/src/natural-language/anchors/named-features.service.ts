import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { NamedFeatures } from './named-features.js';
import { NamedFeaturesRepository } from './named-features.repository.js';

/** How often the layer versions are compared, at most: a refresh is seen within this time. */
const CHECK_EVERY_MS = 30_000;

/**
 * The named features of the anchor layers in memory, loaded at start-up and again when a refresh
 * of those layers published a new version (checked in the background, at most every 30 s, so no
 * query waits for it). Without them a query still works: names are then not read as anchors.
 */
@Injectable()
export class NamedFeaturesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('NamedFeatures');
  private current: NamedFeatures | null = null;
  private checkedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly repository: NamedFeaturesRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh('start-up');
  }

  /** The features to resolve names with (null until first loaded); starts a background check when due. */
  features(): NamedFeatures | null {
    if (Date.now() - this.checkedAt > CHECK_EVERY_MS) void this.refresh('version check');
    return this.current;
  }

  /** Loads the features unless the ones in memory are of the published versions. One load at a time. */
  refresh(reason: string): Promise<void> {
    this.loading ??= this.load(reason)
      .catch((error: unknown) => this.logger.error(`named features not loaded (${reason}): ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.checkedAt = Date.now();
        this.loading = null;
      });
    return this.loading;
  }

  private async load(reason: string): Promise<void> {
    const version = await this.repository.version();
    if (this.current?.version === version) return;
    const started = performance.now();
    const features = new NamedFeatures(await this.repository.features(), version);
    this.current = features;
    this.logger.log(`named features loaded (${reason}): ${features.size} names, in ${Math.round(performance.now() - started)} ms`);
  }
}
