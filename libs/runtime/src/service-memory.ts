import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** One service's memory as its /metrics report it (prom-client's process and Node.js defaults). */
export interface ServiceMemory {
  service: string;
  rssMb: number;
  /** V8's heap in use. */
  heapMb: number;
  /** Memory outside V8's heap held by JavaScript objects: typed arrays, Buffers. */
  externalMb: number;
  /** search-svc: the search index's columns it holds (lp_search_columns_bytes). */
  columnsMb?: number;
}

const MB = 2 ** 20;

/** The resident set each service is held to under the benchmarks. */
export const SERVICE_RSS_TARGET_MB = 400;

/** One metric's value from Prometheus text (the first series when it has labels), undefined when absent. */
export function metricValue(text: string, name: string): number | undefined {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/** A service's memory from its metrics text; undefined when the text has no resident set size. */
export function memoryFromMetrics(service: string, text: string): ServiceMemory | undefined {
  const rss = metricValue(text, 'process_resident_memory_bytes');
  if (rss === undefined) return undefined;
  const memory: ServiceMemory = {
    service,
    rssMb: rss / MB,
    heapMb: (metricValue(text, 'nodejs_heap_size_used_bytes') ?? 0) / MB,
    externalMb: (metricValue(text, 'nodejs_external_memory_bytes') ?? 0) / MB,
  };
  const columns = metricValue(text, 'lp_search_columns_bytes');
  if (columns !== undefined) memory.columnsMb = columns / MB;
  return memory;
}

/**
 * A service's Prometheus metrics text from the ops port `npm start` wrote down for it
 * (`<stackDir>/ops-ports/<service>`, e.g. `search-svc-0`); undefined when it cannot be read.
 */
export async function opsMetricsText(stackDir: string, service: string): Promise<string | undefined> {
  const file = `${stackDir}/ops-ports/${service}`;
  if (!existsSync(file)) return undefined;
  const port = readFileSync(file, 'utf8').trim();
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
  return response?.ok ? response.text() : undefined;
}

/**
 * The memory of every service of a local stack, read from its ops ports (opsMetricsText), by
 * service name; a service that does not answer is left out.
 */
export async function stackMemory(stackDir: string): Promise<ServiceMemory[]> {
  const dir = `${stackDir}/ops-ports`;
  if (!existsSync(dir)) return [];
  const out: ServiceMemory[] = [];
  for (const service of readdirSync(dir).sort()) {
    const text = await opsMetricsText(stackDir, service);
    const memory = text === undefined ? undefined : memoryFromMetrics(service, text);
    if (memory) out.push(memory);
  }
  return out;
}

/** The benchmarks' line on memory: each service's resident set, its heap, external memory and columns, against a target. */
export function memoryReport(memory: readonly ServiceMemory[], targetMb = SERVICE_RSS_TARGET_MB): string {
  if (memory.length === 0) return 'memory: unknown (no service answered on its ops port)';
  const mb = (value: number): string => value.toFixed(0);
  const over = memory.filter((m) => m.rssMb > targetMb).map((m) => m.service);
  const lines = memory.map(
    (m) => `  ${m.service.padEnd(16)} RSS ${mb(m.rssMb).padStart(4)} MB  (V8 heap ${mb(m.heapMb)}, external ${mb(m.externalMb)}${m.columnsMb === undefined ? '' : `, of which columns ${mb(m.columnsMb)}`})`,
  );
  return [`memory after the benchmark (target: RSS ≤ ${targetMb} MB each; ${over.length === 0 ? 'all within' : `over: ${over.join(', ')}`}):`, ...lines].join('\n');
}
