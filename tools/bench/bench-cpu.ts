/**
 * Where a route's CPU goes: the CPU seconds each process of the local stack spent while a route ran,
 * per request. On two shared cores a route's throughput and its p95 follow the CPU it costs all
 * processes together, so this split says what a ratio of p95s is made of (the hop through
 * the gateway, NATS and a service against PostgreSQL's own work), with far less noise than the p95s.
 *
 * Services report `process_cpu_seconds_total` on their ops ports; nats-server and PostgreSQL (the
 * postmaster and its children: backends, the writer, the WAL writer) are read from /proc by the pid
 * files `npm start` keeps, and the load generator is this process.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { metricValue, opsMetricsText } from '@lp/runtime';
import type { RouteStats } from './bench-stats.js';

/** CPU seconds so far, by process group ("gateway", "search-svc-0", "nats-server", "postgres", "load generator"). */
export type CpuReading = Map<string, number>;

/** CPU a request of a route, by process, largest first. */
export type CpuSplit = Array<{ process: string; ms: number }>;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The fields of /proc/<pid>/stat after the command (which may hold spaces), undefined when the process is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime of a process in seconds (with `reaped`, also those of its children it has waited for), undefined when it is gone. */
function procCpuSeconds(pid: number, reaped = false): number | undefined {
  const fields = statFields(pid);
  if (!fields) return undefined;
  // utime, stime, cutime and cstime are the 14th to 17th fields of stat; the first two here are state and ppid
  const own = Number(fields[11]) + Number(fields[12]);
  return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
}

function pidFrom(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]!.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The postmaster and every process it started: the live ones read one by one, those that ended
 * (backends of closed connections) from the postmaster's count of the children it reaped.
 */
function postgresCpuSeconds(postmaster: number): number | undefined {
  let total = procCpuSeconds(postmaster, true);
  if (total === undefined) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmaster) total += procCpuSeconds(Number(entry)) ?? 0;
  }
  return total;
}

/** CPU seconds of every process of the stack at `stackDir` that can be read, and of this process. */
export async function readCpu(stackDir: string): Promise<CpuReading> {
  const reading: CpuReading = new Map();
  const portsDir = `${stackDir}/ops-ports`;
  if (existsSync(portsDir)) {
    for (const service of readdirSync(portsDir).sort()) {
      const text = await opsMetricsText(stackDir, service);
      const seconds = text === undefined ? undefined : metricValue(text, 'process_cpu_seconds_total');
      if (seconds !== undefined) reading.set(service, seconds);
    }
  }
  const nats = pidFrom(`${stackDir}/nats.pid`);
  const natsSeconds = nats === undefined ? undefined : procCpuSeconds(nats);
  if (natsSeconds !== undefined) reading.set('nats-server', natsSeconds);
  const postmaster = pidFrom(`${stackDir}/pg/postmaster.pid`);
  const pgSeconds = postmaster === undefined ? undefined : postgresCpuSeconds(postmaster);
  if (pgSeconds !== undefined) reading.set('postgres', pgSeconds);
  const own = process.cpuUsage();
  reading.set('load generator', (own.user + own.system) / 1e6);
  return reading;
}

/**
 * Milliseconds of CPU a request, by process, between two readings. Processes that spent under 1 %
 * of the total (services idle during the route, a background tick) are left out.
 */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): CpuSplit {
  if (requests <= 0) return [];
  const parts: CpuSplit = [];
  for (const [name, end] of after) {
    const start = before.get(name);
    if (start !== undefined) parts.push({ process: name, ms: ((end - start) * 1000) / requests });
  }
  const total = parts.reduce((sum, part) => sum + Math.max(part.ms, 0), 0);
  return parts.filter((part) => part.ms > 0 && part.ms >= total / 100).sort((a, b) => b.ms - a.ms);
}

/** One line: the total and each process, e.g. "2.10 ms CPU a request: postgres 0.87, gateway 0.45, ...". */
export function cpuLine(split: Readonly<CpuSplit>): string {
  if (split.length === 0) return 'CPU a request: unknown (no process of the stack could be read)';
  const total = split.reduce((sum, part) => sum + part.ms, 0);
  return `${total.toFixed(2)} ms CPU a request: ${split.map((part) => `${part.process} ${part.ms.toFixed(2)}`).join(', ')}`;
}

/** The split as the benchmarks' JSON line gives it: milliseconds by process, to the microsecond. */
export function cpuFigures(split: Readonly<CpuSplit>): Record<string, number> {
  return Object.fromEntries(split.map((part) => [part.process, Number(part.ms.toFixed(3))]));
}

/** Runs a measured route and adds the CPU each process of the stack spent on it, per request. */
export async function withCpu<T extends { stats: RouteStats }>(stackDir: string, run: () => Promise<T>): Promise<T & { cpu: CpuSplit }> {
  const before = await readCpu(stackDir);
  const result = await run();
  const after = await readCpu(stackDir);
  return { ...result, cpu: cpuPerRequest(before, after, result.stats.count) };
}
