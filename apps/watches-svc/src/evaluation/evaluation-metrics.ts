import { metricsRegistry } from '@lp/runtime';
import { Counter, Histogram } from 'prom-client';

export const watchEventsProduced = new Counter({
  name: 'lp_watch_events_total',
  help: 'Watch events found by re-evaluation after layer refreshes.',
  registers: [metricsRegistry],
});

export const watchesReevaluated = new Counter({
  name: 'lp_watches_reevaluated_total',
  help: 'Watches re-evaluated after layer refreshes (only those overlapping the refreshed gminas).',
  registers: [metricsRegistry],
});

/**
 * Seconds the re-evaluation of one refresh's overlapping watches took, from the moment the search
 * index reflected the refresh (the wait for it is not counted): divided by the watches it covers,
 * the cost of re-evaluating one watch.
 */
export const reevaluationDuration = new Histogram({
  name: 'lp_watch_reevaluation_duration_seconds',
  help: 'Seconds spent re-evaluating the overlapping watches of one layer refresh, without the wait for the search index.',
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900],
  registers: [metricsRegistry],
});

/** Seconds from a refresh being announced to its watches being re-evaluated (lag after a refresh). */
export const reevaluationLag = new Histogram({
  name: 'lp_watch_reevaluation_lag_seconds',
  help: 'Seconds from a layer refresh event to the end of the re-evaluation of its overlapping watches.',
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
  registers: [metricsRegistry],
});
