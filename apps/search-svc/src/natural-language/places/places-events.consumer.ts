import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { LayerRefreshedEvent } from '@lp/contracts';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { SEARCH_SVC_ENV, type SearchSvcEnv } from '../../config/search-svc.env.js';
import { PlacesService } from './places.service.js';

/**
 * Durable consumer name of the gazetteer reload. Its own name, not "search-svc": the search index
 * of the structured-search engine will consume the same events for its own read model.
 */
export const PLACES_EVENTS_CONSUMER = 'search-svc-places';

/**
 * Reloads the place gazetteer when admin_bounds is refreshed. geocode-svc rebuilds its admin units
 * on the same event; until its published places reflect the event's version the event is taken
 * again after EVENT_RETRY_SECONDS, so the gazetteer never reloads the old model and stops there.
 */
@Injectable()
export class PlacesEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PlacesEvents');
  private readonly consumer: LayerRefreshedConsumer;

  constructor(
    private readonly places: PlacesService,
    @Inject(SEARCH_SVC_ENV) env: SearchSvcEnv,
  ) {
    this.consumer = new LayerRefreshedConsumer({ natsUrl: env.NATS_URL, streamReplicas: env.NATS_STREAM_REPLICAS, durableName: PLACES_EVENTS_CONSUMER, retrySeconds: env.EVENT_RETRY_SECONDS }, (event) => this.handle(event));
  }

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }

  private async handle(event: LayerRefreshedEvent): Promise<void> {
    if (event.layer_id !== 'admin_bounds') return;
    const published = await this.places.publishedAdminBoundsVersion();
    if ((published ?? 0) < event.version) throw new Error(`geocode-svc has not yet published places for admin_bounds v${event.version} (they reflect v${published ?? 0})`);
    const outcome = await this.places.reloadIfChanged(`event ${event.run_id}`);
    if (outcome === 'current') this.logger.log(`place gazetteer already reflects admin_bounds v${event.version}`);
  }
}
