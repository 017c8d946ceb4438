import { collectDefaultMetrics, Registry } from 'prom-client';

/** One Prometheus registry per process, with Node's default metrics and our own. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
