/**
 * The two ways the tools benchmarks load a route: HTTP through the gateway (autocannon) and work on a
 * pg pool, both with `connections` clients walking one shared list round-robin for `seconds`, and
 * latencies measured the same way (float milliseconds per request).
 */
import autocannon from 'autocannon';
import { summarise, type RouteStats } from './bench-stats.js';

export interface GatewayLoad {
  route: string;
  url: string;
  key: string;
  paths: readonly string[];
  connections: number;
  seconds: number;
  /** Statuses that are a valid answer (others are failures that would flatter the figures). */
  accepted: (status: string) => boolean;
  /** Sent with every request besides the key. */
  headers?: Record<string, string>;
}

export async function loadGateway(load: GatewayLoad): Promise<{ stats: RouteStats; failures: string[] }> {
  let next = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: load.url,
    connections: load.connections,
    // The gateway closes a keep-alive connection after MAX_REQUESTS_PER_SOCKET (1,000) requests and
    // Node answers 503 to what a client sends on it after that; autocannon does not reconnect on
    // "Connection: close", so a fast route (remembered tiles) would count thousands of those 503s.
    // Browsers and HTTP clients open a new connection; so does this, well before the limit.
    reconnectRate: 500,
    duration: load.seconds,
    headers: { ...load.headers, authorization: `Bearer ${load.key}` },
    // One shared counter: the connections together walk the list round-robin, like the pool run.
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: load.paths[next++ % load.paths.length]! }) }],
  });
  // autocannon's own histogram rounds to whole ms; the event carries the float, measured like the pool run.
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  const failures = Object.entries(result.statusCodeStats)
    .filter(([status]) => !load.accepted(status))
    .map(([status, { count }]) => `${count} × HTTP ${status}`);
  if (result.errors > 0) failures.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  return { stats: summarise(load.route, latencies, result.duration), failures };
}

/**
 * `connections` clients each running `work(n)` for the next n until the time is up; `work` answers
 * whether it found what it looked for, and the misses are counted.
 */
export async function loadPool(route: string, connections: number, seconds: number, work: (n: number) => Promise<boolean>): Promise<{ stats: RouteStats; misses: number }> {
  let next = 0;
  let misses = 0;
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(seconds * 1e9));
  const client = async (): Promise<void> => {
    while (process.hrtime.bigint() < deadline) {
      const t0 = process.hrtime.bigint();
      const found = await work(next++);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (!found) misses++;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { stats: summarise(route, latencies, elapsed), misses };
}
