import { metricsRegistry } from '@lp/runtime';
import { Counter } from 'prom-client';

/** Site assemblies by where their candidates were found: `memory`, `pairs` (PostgreSQL) or `clustering` (builds without pairs). */
export const assembliesByPath = new Counter({
  name: 'lp_assembly_candidates_total',
  help: 'Site assemblies by where their candidates were found (memory, pairs in PostgreSQL, or clustering outlines).',
  labelNames: ['where'],
  registers: [metricsRegistry],
});
