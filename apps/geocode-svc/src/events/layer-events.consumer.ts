import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { LayerRefreshedEvent } from '@lp/contracts';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { AdminUnitsService } from '../admin-units/admin-units.service.js';
import { GEOCODE_SVC_ENV, type GeocodeSvcEnv } from '../config/geocode-svc.env.js';

/** Durable consumer name: replicas of geocode-svc share it, so each event is handled once. */
export const LAYER_EVENTS_CONSUMER = 'geocode-svc';

/**
 * Rebuilds the admin-units read model when layer-svc announces a refresh of admin_bounds. Events
 * of other layers are acknowledged at once: coverage is read live, so nothing of geocode's
 * depends on them.
 */
@Injectable()
export class LayerEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LayerEvents');
  private readonly consumer: LayerRefreshedConsumer;

  constructor(
    private readonly adminUnits: AdminUnitsService,
    @Inject(GEOCODE_SVC_ENV) env: GeocodeSvcEnv,
  ) {
    this.consumer = new LayerRefreshedConsumer(
      { natsUrl: env.NATS_URL, streamReplicas: env.NATS_STREAM_REPLICAS, durableName: LAYER_EVENTS_CONSUMER, retrySeconds: env.EVENT_RETRY_SECONDS },
      (event) => this.handle(event),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }

  private async handle(event: LayerRefreshedEvent): Promise<void> {
    if (event.layer_id !== 'admin_bounds') return;
    const outcome = await this.adminUnits.refreshIfStale(`event ${event.run_id}`);
    if (outcome === 'current') this.logger.log(`admin units already reflect admin_bounds for event ${event.run_id} (v${event.version})`);
  }
}
