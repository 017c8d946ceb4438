import { metricsRegistry } from '@lp/runtime';
import { Counter, Gauge } from 'prom-client';

/** Searches and site assemblies by where they matched: `memory` (ColumnSearch) or `postgres`, and why not in memory. */
export const searchesMatched = new Counter({
  name: 'lp_search_matched_total',
  help: 'Structured searches and site assemblies by where their matching ran (memory or postgres) and, for postgres, why.',
  labelNames: ['where', 'reason'],
  registers: [metricsRegistry],
});

/** What the in-memory columns hold, against SEARCH_COLUMNS_BUDGET_MB. */
export const columnBytes = new Gauge({
  name: 'lp_search_columns_bytes',
  help: 'Bytes of search index columns held in memory by search-svc.',
  registers: [metricsRegistry],
});
