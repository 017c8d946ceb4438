import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from '../config/search-svc.env.js';
import { ColumnSearch } from '../engine/columns/column-search.js';
import { checkIndexColumns } from './index-columns.js';
import { SearchIndexBuilder } from './search-index.builder.js';

/** Durable consumer of the search index: its own name, beside search-svc-places (the gazetteer). */
export const SEARCH_INDEX_CONSUMER = 'search-svc-index';

/**
 * Builds what is stale at start (in the background; the service's readiness says not ready until
 * every gmina has a build, and a search over gminas not built yet answers 503 rather than
 * incomplete results), then rebuilds on every layer refresh. After each, the in-memory engine's
 * common columns are loaded again in the background (ColumnSearch.warm).
 */
@Injectable()
export class SearchIndexConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('SearchIndex');
  private readonly consumer: LayerRefreshedConsumer;
  private startupBuild?: Promise<unknown>;

  constructor(
    private readonly builder: SearchIndexBuilder,
    @Inject(SEARCH_SVC_ENV) env: SearchSvcEnv,
    @Optional() @Inject(ColumnSearch) private readonly columns?: ColumnSearch | null,
  ) {
    checkIndexColumns();
    this.consumer = new LayerRefreshedConsumer(
      // a rebuild of many gminas takes minutes; the consumer keeps the event while it works
      { natsUrl: env.NATS_URL, streamReplicas: env.NATS_STREAM_REPLICAS, durableName: SEARCH_INDEX_CONSUMER, retrySeconds: env.EVENT_RETRY_SECONDS, ackWaitSeconds: 120 },
      async (event) => {
        if ((await this.builder.onLayerRefreshed(event)) > 0) this.warm();
      },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    this.startupBuild = this.builder.buildStale().then(() => this.warm(), (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      this.builder.startupFailed(reason);
      this.logger.error(`start-up build of the search index failed; it is retried on the next layer event: ${reason}`);
    });
    await this.consumer.start();
  }

  /** In the background: a search meanwhile runs in PostgreSQL, as with any load. */
  private warm(): void {
    this.columns?.warm().catch((error: unknown) => this.logger.warn(`warm-up of the in-memory columns failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer.stop();
    await this.startupBuild;
  }
}
