import { metricsRegistry } from '@lp/runtime';
import { Counter } from 'prom-client';

/** Database lookups of API keys: what unauthenticated traffic costs the key store. */
export const keyLookups = new Counter({
  name: 'lp_gateway_key_lookups_total',
  help: 'API keys looked up in the database (cache misses).',
  registers: [metricsRegistry],
});
