/** What the search-svc benchmarks share: percentiles, timing, settings from the environment, a key for the gateway. */
import { execFileSync } from 'node:child_process';
import { opsMetricsText } from '@lp/runtime';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');
const KEYS_CLI = `${ROOT}/apps/gateway/dist/keys/keys.cli.js`;

export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${text}`);
  return value;
}

export async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

export function stats(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export function keysCli(...args: string[]): string {
  return execFileSync(process.execPath, [KEYS_CLI, ...args], { cwd: ROOT, env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}


/** Where `npm start` keeps the stack's state (STACK_DIR). */
export function stackDir(): string {
  return process.env['STACK_DIR'] ?? `${ROOT}/.stack/dev`;
}

/** search-svc's metrics text from its ops port; undefined when it cannot be read. */
function searchSvcMetrics(): Promise<string | undefined> {
  return opsMetricsText(stackDir(), 'search-svc-0');
}

/** search-svc's count of searches by where they matched (lp_search_matched_total), from its ops port; undefined when it cannot be read. */
export async function matchedCounts(): Promise<Map<string, number> | undefined> {
  const text = await searchSvcMetrics();
  if (text === undefined) return undefined;
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^lp_search_matched_total\{where="(\w+)",reason="(\w*)"\} (\d+)/.exec(line);
    if (match) counts.set(match[2] ? `${match[1]}:${match[2]}` : match[1]!, Number(match[3]));
  }
  return counts;
}

export const SEARCH_PHASES = ['plan', 'match', 'page', 'query', 'near_misses'] as const;

/** Seconds search-svc spent so far in each phase of the searches asked (lp_search_phase_seconds_sum, of="request"). */
export async function phaseSeconds(): Promise<Map<string, number> | undefined> {
  const text = await searchSvcMetrics();
  if (text === undefined) return undefined;
  const sums = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^lp_search_phase_seconds_sum\{phase="(\w+)",of="request"\} ([\d.e+-]+)/.exec(line);
    if (match) sums.set(match[1]!, Number(match[2]));
  }
  return sums;
}

/** Mean milliseconds a search in each phase between two readings of phaseSeconds, as "plan 3.1 / match 80.2 / ...". */
export function phaseSplit(before: Map<string, number> | undefined, after: Map<string, number> | undefined, searches: number): string {
  if (!before || !after || searches === 0) return 'unknown';
  return SEARCH_PHASES.map((phase) => ({ phase, ms: (1000 * ((after.get(phase) ?? 0) - (before.get(phase) ?? 0))) / searches }))
    .filter(({ ms }) => ms > 0)
    .map(({ phase, ms }) => `${phase} ${ms.toFixed(1)}`)
    .join(' / ');
}

/**
 * Repeats a search until search-svc has matched it in memory (its columns load in the background
 * after the first request) or has said why it runs in PostgreSQL, at most `seconds`: the timed rounds
 * then measure one path. Returns where it matched ("memory", "postgres: <why>" or "unknown").
 */
export async function settlePath(search: () => Promise<unknown>, seconds: number): Promise<string> {
  const until = performance.now() + seconds * 1000;
  for (;;) {
    const before = await matchedCounts();
    await search();
    const after = await matchedCounts();
    if (!before || !after) return 'unknown';
    const grew = [...after.entries()].filter(([label, n]) => n > (before.get(label) ?? 0)).map(([label]) => label);
    if (grew.includes('memory')) return 'memory';
    const why = grew.find((label) => label.startsWith('postgres:') && label !== 'postgres:loading');
    if (why) return `postgres (${why.slice('postgres:'.length)})`;
    if (performance.now() > until) return `postgres (${grew.join(', ') || 'no count'}, still after ${seconds} s)`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
