import { metricsRegistry } from '@lp/runtime';
import { Counter, Histogram } from 'prom-client';

/** Webhook delivery attempts by outcome: delivered, retry (to be tried again) or failed (given up or refused). */
export const webhookAttempts = new Counter({
  name: 'lp_watch_webhook_attempts_total',
  help: 'Webhook delivery attempts of watch events by outcome (delivered, retry, failed).',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});

/** Seconds from an event being found to its delivery: the lag a receiver sees. */
export const webhookDeliveryLag = new Histogram({
  name: 'lp_watch_webhook_delivery_lag_seconds',
  help: 'Seconds from a watch event being found to its webhook being delivered.',
  buckets: [0.1, 0.5, 1, 2, 5, 15, 60, 300, 1800, 3600, 21600, 86400],
  registers: [metricsRegistry],
});
