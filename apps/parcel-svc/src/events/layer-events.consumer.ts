import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { PARCEL_SVC_ENV, type ParcelSvcEnv } from '../config/parcel-svc.env.js';
import { FactsBuilder } from '../facts/facts-builder.service.js';

/** Durable consumer name: replicas of parcel-svc share it, so each event is handled once. */
export const LAYER_EVENTS_CONSUMER = 'parcel-svc';

/**
 * Keeps the facts read model current: builds what is stale at start (in the background: until a
 * gmina is built its facts are derived live), then rebuilds on every layer refresh.
 */
@Injectable()
export class LayerEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('FactsReadModel');
  private readonly consumer: LayerRefreshedConsumer;
  private startupBuild?: Promise<unknown>;

  constructor(
    private readonly builder: FactsBuilder,
    @Inject(PARCEL_SVC_ENV) private readonly env: ParcelSvcEnv,
  ) {
    this.consumer = new LayerRefreshedConsumer(
      // A rebuild of many gminas can take minutes; the consumer keeps the event while it works.
      { natsUrl: env.NATS_URL, streamReplicas: env.NATS_STREAM_REPLICAS, durableName: LAYER_EVENTS_CONSUMER, retrySeconds: env.EVENT_RETRY_SECONDS, ackWaitSeconds: 120 },
      async (event) => {
        await this.builder.onLayerRefreshed(event);
      },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.FACTS_BUILDER === 'off') return;
    this.startupBuild = this.builder.buildStale().catch((error: unknown) => {
      this.logger.error(`start-up build of the facts read model failed; facts are derived live until the next event: ${error instanceof Error ? error.message : String(error)}`);
    });
    await this.consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.env.FACTS_BUILDER === 'off') return;
    await this.consumer.stop();
    await this.startupBuild;
  }
}
