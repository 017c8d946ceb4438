import { metricsRegistry } from '@lp/runtime';
import { Histogram } from 'prom-client';

export const httpDuration = new Histogram({
  name: 'lp_http_request_duration_seconds',
  help: 'Gateway HTTP requests by route template, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  registers: [metricsRegistry],
});
