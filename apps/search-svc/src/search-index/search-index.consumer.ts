import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from '../config/search-svc.env.js';
import { checkIndexColumns } from './index-columns.js';
import { SearchIndexBuilder } from './search-index.builder.js';

/** Durable consumer of the search index: its own name, beside search-svc-places (the gazetteer). */
export const SEARCH_INDEX_CONSUMER = 'search-svc-index';

/**
 * Builds what is stale at start (in the background; the service's readiness says not ready until
 * every gmina has a build, and a search over gminas not built yet answers 503 rather than
 * incomplete results), then rebuilds on every layer refresh.
 */
@Injectable()
export class SearchIndexConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('SearchIndex');
  private readonly consumer: LayerRefreshedConsumer;
  private startupBuild?: Promise<unknown>;

  constructor(
    private readonly builder: SearchIndexBuilder,
    @Inject(SEARCH_SVC_ENV) env: SearchSvcEnv,
  ) {
    checkIndexColumns();
    this.consumer = new LayerRefreshedConsumer(
      // a rebuild of many gminas takes minutes; the consumer keeps the event while it works
      { natsUrl: env.NATS_URL, streamReplicas: env.NATS_STREAM_REPLICAS, durableName: SEARCH_INDEX_CONSUMER, retrySeconds: env.EVENT_RETRY_SECONDS, ackWaitSeconds: 120 },
      async (event) => {
        await this.builder.onLayerRefreshed(event);
      },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    this.startupBuild = this.builder.buildStale().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      this.builder.startupFailed(reason);
      this.logger.error(`start-up build of the search index failed; it is retried on the next layer event: ${reason}`);
    });
    await this.consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer.stop();
    await this.startupBuild;
  }
}
