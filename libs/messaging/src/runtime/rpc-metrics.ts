import { metricsRegistry } from '@lp/runtime';
import { Counter, Histogram } from 'prom-client';

/** Handler time up to the reply being sent; `error` counts error replies and replies that could not be sent. */
export const rpcDuration = new Histogram({
  name: 'lp_rpc_handler_duration_seconds',
  help: 'Time a service spent handling a NATS request until its reply was sent, by subject and outcome.',
  labelNames: ['subject', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const rpcExpired = new Counter({
  name: 'lp_rpc_expired_total',
  help: 'Requests dropped because their deadline had passed when they reached the service.',
  labelNames: ['subject'] as const,
  registers: [metricsRegistry],
});
