import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { LayerRefreshedEvent } from '@lp/contracts';
import { LayerRefreshedConsumer } from '@lp/messaging';
import { WATCHES_SVC_ENV, type WatchesSvcEnv } from '../config/watches-svc.env.js';
import { reevaluationDuration, reevaluationLag, watchesReevaluated, watchEventsProduced } from './evaluation-metrics.js';
import { EvaluationRepository } from './evaluation.repository.js';
import { WatchEvaluator } from './watch-evaluator.js';

/**
 * Watches made this soon after the index could have caught up are evaluated anyway: search-svc takes
 * a moment to load a new build into memory, and evaluating a watch again only costs time (an answer
 * that did not change gives no event).
 */
const CHANGE_SETTLE_MS = 5 * 60_000;

/** Durable consumer name: replicas of watches-svc share it, so each refresh is evaluated once. */
export const WATCHES_EVENTS_CONSUMER = 'watches-svc';

/**
 * Re-evaluates the watches a refresh can have changed. The search index is rebuilt by search-svc on
 * the same event, so the event is handed back (and delivered again after EVENT_RETRY_SECONDS) until
 * search_pub.index_builds shows the refreshed gminas at the new version: comparing two answers of
 * the old index would find nothing and lose the change. After INDEX_WAIT_MAX_SECONDS it goes ahead.
 */
@Injectable()
export class LayerEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WatchesLayerEvents');
  private readonly consumer: LayerRefreshedConsumer;

  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly evaluator: WatchEvaluator,
    @Inject(WATCHES_SVC_ENV) private readonly env: WatchesSvcEnv,
  ) {
    this.consumer = new LayerRefreshedConsumer(
      {
        natsUrl: env.NATS_URL,
        streamReplicas: env.NATS_STREAM_REPLICAS,
        durableName: WATCHES_EVENTS_CONSUMER,
        retrySeconds: env.EVENT_RETRY_SECONDS,
        ackWaitSeconds: 120,
      },
      (event) => this.handle(event),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }

  async handle(event: LayerRefreshedEvent): Promise<void> {
    if (event.teryt.length === 0) return;
    const indexCaughtUp = await this.waitForSearchIndex(event);
    const started = performance.now();
    const watches = await this.evaluations.watchesOverlapping(event.teryt, this.changeSurelyVisibleFrom(event, indexCaughtUp));
    const produced = await this.evaluator.afterRefreshAll(watches, event);
    watchesReevaluated.inc(watches.length);
    watchEventsProduced.inc(produced);
    reevaluationDuration.observe((performance.now() - started) / 1000);
    reevaluationLag.observe(Math.max(0, (Date.now() - Date.parse(event.refreshed_at)) / 1000));
    this.logger.log(`${event.layer_id} v${event.version}: ${watches.length} overlapping watches re-evaluated, ${produced} events`);
  }

  /**
   * From when a new watch's first answer surely held the refresh's change, so the event has nothing to
   * tell it (an event replayed from the stream, or handled long after): the refresh, plus the longest
   * this consumer waits for the search index, plus a margin for search-svc to load a new build.
   * Null when the index never caught up: every overlapping watch is evaluated.
   */
  private changeSurelyVisibleFrom(event: LayerRefreshedEvent, indexCaughtUp: boolean): string | null {
    if (!indexCaughtUp) return null;
    return new Date(Date.parse(event.refreshed_at) + this.env.INDEX_WAIT_MAX_SECONDS * 1000 + CHANGE_SETTLE_MS).toISOString();
  }

  /** Whether the search index reflects the refresh (or does not read the layer); throws to wait for it. */
  private async waitForSearchIndex(event: LayerRefreshedEvent): Promise<boolean> {
    if (!(await this.evaluations.indexTracksLayer(event.layer_id))) return true;
    const versions = await this.evaluations.indexVersions(event.teryt);
    const behind = event.teryt.filter((teryt) => versions.has(teryt) && (versions.get(teryt)![event.layer_id] ?? 0) < event.version);
    if (behind.length === 0) return true;
    const waitedS = (Date.now() - Date.parse(event.refreshed_at)) / 1000;
    if (waitedS > this.env.INDEX_WAIT_MAX_SECONDS) {
      this.logger.warn(
        `search index still behind ${event.layer_id} v${event.version} in ${behind.length} gminas after ${Math.round(waitedS)} s; evaluating anyway`,
      );
      return false;
    }
    throw new Error(`search index not yet at ${event.layer_id} v${event.version} in ${behind.slice(0, 5).join(', ')}${behind.length > 5 ? ' …' : ''}`);
  }
}
