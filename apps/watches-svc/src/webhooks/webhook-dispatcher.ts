import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { WATCHES_SVC_ENV, type WatchesSvcEnv } from '../config/watches-svc.env.js';
import { webhookAttempts, webhookDeliveryLag } from './webhook-metrics.js';
import { WebhookOutboxRepository, type DueDelivery } from './webhook-outbox.repository.js';
import { sendWebhook } from './webhook-sender.js';
import { webhookSignature } from './webhook-signature.js';
import { webhookUrlPolicy, type WebhookUrlPolicy } from './webhook-url-guard.js';

const BATCH = 20;

/** Wait before attempt `attempts + 1`: base, 2×base, 4×base … capped at `max`. */
export function retryDelayMs(attemptsSoFar: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(attemptsSoFar, 30));
}

/**
 * Delivers the outbox: every event of a watch with a webhook starts pending and is POSTed until a
 * 2xx (at least once: a receiver dedupes by Webhook-Id), retried with exponential back-off, and
 * marked failed once WEBHOOK_GIVE_UP_SECONDS have passed since it was found or when its URL (or a
 * redirect) is refused. Failed events stay in the feed and are counted on the watch.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly policy: WebhookUrlPolicy;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly outbox: WebhookOutboxRepository,
    @Inject(WATCHES_SVC_ENV) private readonly env: WatchesSvcEnv,
  ) {
    this.policy = webhookUrlPolicy(env);
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error: unknown) => this.logger.warn(`webhook outbox pass failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => this.schedule());
    }, this.env.WEBHOOK_POLL_MS);
  }

  /** Sends what is due, batch after batch, until nothing is. */
  async drain(): Promise<void> {
    // The lease covers one attempt of every delivery in the batch, sent one after another.
    const leaseMs = this.env.WEBHOOK_TIMEOUT_MS * (BATCH + 1);
    for (;;) {
      const due = await this.outbox.claimDue(BATCH, leaseMs);
      await Promise.all(due.map((delivery) => this.deliver(delivery)));
      if (due.length < BATCH || this.stopped) return;
    }
  }

  private async deliver(delivery: DueDelivery): Promise<void> {
    const body = JSON.stringify(delivery.event);
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await sendWebhook(
      {
        url: delivery.url,
        body,
        timeoutMs: this.env.WEBHOOK_TIMEOUT_MS,
        headers: {
          'user-agent': 'landparcel-watches/1',
          'webhook-id': delivery.event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(delivery.secret, timestamp, body),
        },
      },
      this.policy,
    );
    if (outcome.delivered) {
      await this.outbox.markDelivered(delivery.seq);
      webhookAttempts.inc({ outcome: 'delivered' });
      webhookDeliveryLag.observe(delivery.age_s);
      return;
    }
    if (outcome.permanent || delivery.age_s >= this.env.WEBHOOK_GIVE_UP_SECONDS) {
      const reason = outcome.permanent
        ? outcome.error
        : `gave up after ${delivery.attempts + 1} attempts over ${Math.round(delivery.age_s)} s; last: ${outcome.error}`;
      await this.outbox.markFailed(delivery.seq, reason);
      webhookAttempts.inc({ outcome: 'failed' });
      this.logger.warn(`webhook of ${delivery.event.id} failed: ${reason}`);
      return;
    }
    await this.outbox.markRetry(delivery.seq, retryDelayMs(delivery.attempts, this.env.WEBHOOK_RETRY_BASE_MS, this.env.WEBHOOK_RETRY_MAX_MS), outcome.error);
    webhookAttempts.inc({ outcome: 'retry' });
  }
}
