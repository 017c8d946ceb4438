/** Throughput and latency percentiles of one benchmark route, computed the same way for every route. */
export interface RouteStats {
  route: string;
  count: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/** Nearest-rank percentile of latencies sorted ascending (no interpolation: every value was measured). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(route: string, latenciesMs: number[], seconds: number): RouteStats {
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    route,
    count: sorted.length,
    perSecond: sorted.length / seconds,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
  };
}
