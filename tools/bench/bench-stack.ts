/**
 * What the tools benchmarks share about the stack they measure: where `npm start` put its private
 * PostgreSQL and NATS, settings from the environment, and an API key of their own (created with the
 * keys CLI, revoked at the end, loudly when it could not be).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { memoryReport, opsMetricsText, stackMemory } from '@lp/runtime';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url)); // tools/dist/bench/ → repository root
const KEYS_CLI = `${ROOT}apps/gateway/dist/keys/keys.cli.js`;

/** The ports `npm start` chose for the private PostgreSQL and NATS (empty when there is no local stack). */
function stackPorts(): Record<string, string> {
  const file = `${ROOT}.stack/dev/ports.env`;
  if (!existsSync(file)) return {};
  const pairs = readFileSync(file, 'utf8').matchAll(/^(\w+)=(.*)$/gm);
  return Object.fromEntries(Array.from(pairs, (match) => [match[1]!, match[2]!.trim()]));
}

export interface BenchStack {
  databaseUrl: string;
  natsUrl: string | undefined;
  /** The gateway's base URL, without a trailing slash. */
  url: string;
}

/** DATABASE_URL, NATS_URL and BENCH_URL (or PORT), falling back to what `npm start` wrote down. */
export function benchStack(): BenchStack {
  const ports = stackPorts();
  const databaseUrl = process.env['DATABASE_URL'] ?? (ports['PG_PORT'] ? `postgres://postgres@127.0.0.1:${ports['PG_PORT']}/landparcel` : undefined);
  if (!databaseUrl) throw new Error('DATABASE_URL is not set and .stack/dev/ports.env has no PG_PORT (is the stack running? npm start)');
  const natsUrl = process.env['NATS_URL'] ?? (ports['NATS_PORT'] ? `nats://127.0.0.1:${ports['NATS_PORT']}` : undefined);
  const url = (process.env['BENCH_URL'] ?? `http://127.0.0.1:${process.env['PORT'] ?? 8080}`).replace(/\/+$/, '');
  return { databaseUrl, natsUrl, url };
}

/**
 * One counter of a service's Prometheus metrics (its ops port, as `npm start` wrote it down) by the
 * value of one label; undefined when the service or its port cannot be reached.
 */
export async function metricCounts(service: string, metric: string, label: string): Promise<Map<string, number> | undefined> {
  const metrics = await opsMetricsText(stackDir(), `${service}-0`);
  if (metrics === undefined) return undefined;
  const counts = new Map<string, number>();
  const line = new RegExp(`^${metric}\\{(?:.*,)?${label}="([^"]*)"(?:,.*)?\\} (\\d+)`);
  for (const text of metrics.split('\n')) {
    const match = line.exec(text);
    if (match) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return counts;
}

export function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${text}`);
  return value;
}

export const round = (value: number, digits: number): number => Number(value.toFixed(digits));

function keysCli(stack: BenchStack, ...args: string[]): string {
  if (!existsSync(KEYS_CLI)) throw new Error(`${KEYS_CLI} is missing: build first (npm run build)`);
  const env = { ...process.env, DATABASE_URL: stack.databaseUrl, ...(stack.natsUrl ? { NATS_URL: stack.natsUrl } : {}) };
  return execFileSync(process.execPath, [KEYS_CLI, ...args], { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The gateway rate-limits per key, so a load run needs a key of its own with a huge limit. */
function createBenchKey(stack: BenchStack, scopes: string): string {
  const output = keysCli(stack, 'create', '--name', 'bench', '--scopes', scopes, '--rate-limit', '100000000');
  return output.split('\n').at(-1)!.trim();
}

/** A left-over key with a huge limit is a hole: say loudly when it could not be revoked. */
function revokeBenchKey(stack: BenchStack, key: string): void {
  const prefix = key.split('_')[1];
  try {
    console.log(keysCli(stack, 'revoke', key));
  } catch (error) {
    const reason = (error as { stderr?: string }).stderr?.trim() || String(error);
    console.error(`\n!!!!!!!!!! could not revoke the bench key ${prefix}: ${reason}\n           check: npm run keys -- list; revoke: npm run keys -- revoke ${prefix}\n`);
    process.exitCode = 1;
  }
}

/** The machine and database a run measured on; other work on the machine skews every figure, so its load too. */
export async function machineFacts(pool: pg.Pool): Promise<Record<string, unknown>> {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    postgres: (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version,
    load_1min: round(os.loadavg()[0]!, 2),
    parcels_in_view: Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM layer_pub.parcels')).rows[0]!.n),
  };
}

/**
 * The key a run uses: BENCH_API_KEY, or one created now with `scopes` and revoked by `release()`,
 * and on Ctrl-C too (a left-over key with a huge limit is a hole).
 */
export function benchKey(stack: BenchStack, scopes: string): { key: string; label: string; release(): void } {
  const given = process.env['BENCH_API_KEY'];
  if (given) return { key: given, label: 'BENCH_API_KEY', release: () => undefined };
  const key = createBenchKey(stack, scopes);
  process.once('SIGINT', () => {
    revokeBenchKey(stack, key);
    process.exit(130);
  });
  return { key, label: `bench key ${key.split('_')[1]} (created, revoked at the end)`, release: () => revokeBenchKey(stack, key) };
}

/** Non-2xx answers are usually fast 429s/500s that would flatter the figures: a run with any is marked invalid. */
/** Prints each service's memory after a benchmark (from the ops ports of the local stack). */
export async function printStackMemory(): Promise<void> {
  console.log(`\n${memoryReport(await stackMemory(stackDir()))}`);
}

/** Where `npm start` keeps the stack's state (STACK_DIR). */
export function stackDir(): string {
  return process.env['STACK_DIR'] ?? `${ROOT}.stack/dev`;
}

export function reportFailures(failures: readonly string[]): void {
  if (failures.length === 0) return;
  console.error(`\n!!!!!!!!!! BENCHMARK INVALID: ${failures.join('; ')} !!!!!!!!!!\n`);
  process.exitCode = 1;
}
