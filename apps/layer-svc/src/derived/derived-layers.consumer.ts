import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { DataSource } from 'typeorm';
import { LAYER_SVC_ENV, type LayerSvcEnv } from '../config/layer-svc.env.js';
import { DerivedLayerJobs } from './derived-layers.js';

/** Durable consumer name: replicas of layer-svc share it, so each refresh derives once. */
export const DERIVED_LAYERS_CONSUMER = 'layer-svc-derived';

/**
 * Runs the derived layers' jobs on `events.layer.refreshed` of the layers they read. A failed job
 * leaves the derived layer's served version (with the input versions it reflects in its note) and
 * the event is delivered again after EVENT_RETRY_SECONDS.
 */
@Injectable()
export class DerivedLayersConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DerivedLayers');
  private readonly consumer: LayerRefreshedConsumer;

  constructor(
    db: DataSource,
    @Inject(LAYER_SVC_ENV) private readonly env: LayerSvcEnv,
  ) {
    const jobs = new DerivedLayerJobs(db, env.DATABASE_URL, (message) => this.logger.log(message));
    this.consumer = new LayerRefreshedConsumer(
      // A derivation is a query and a refresh of its own: minutes at most on a national layer.
      {
        natsUrl: env.NATS_URL,
        streamReplicas: env.NATS_STREAM_REPLICAS,
        durableName: DERIVED_LAYERS_CONSUMER,
        retrySeconds: env.EVENT_RETRY_SECONDS,
        ackWaitSeconds: 300,
      },
      async (event) => {
        await jobs.onLayerRefreshed(event);
      },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.DERIVED_LAYERS === 'on') await this.consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.env.DERIVED_LAYERS === 'on') await this.consumer.stop();
  }
}
