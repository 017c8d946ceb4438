import { metricsRegistry } from '@lp/runtime';
import { Counter, Gauge, Histogram } from 'prom-client';

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

/**
 * Where a search's time goes, phase by phase: `plan` (scope, coverage, evidence: a few small
 * statements), `match` (in memory), `page` (the page statement after a match in memory), `query`
 * (the whole search in PostgreSQL), `near_misses` (the follow-up searches of a short answer).
 * `of`: `request` for the search asked, `near_miss` for the searches run to explain a short answer.
 */
export const searchPhaseSeconds = new Histogram({
  name: 'lp_search_phase_seconds',
  help: 'Time of each phase of a structured search: plan, match (in memory), page, query (in PostgreSQL), near_misses.',
  labelNames: ['phase', 'of'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Runs `work`, recording its time under `phase` whether it succeeds or fails. */
export async function timedPhase<T>(phase: string, of: 'request' | 'near_miss', work: () => Promise<T>): Promise<T> {
  const stop = searchPhaseSeconds.startTimer({ phase, of });
  try {
    return await work();
  } finally {
    stop();
  }
}
