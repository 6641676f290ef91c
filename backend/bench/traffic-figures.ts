import type { RouteFigures } from './load-traffic';

/** Exact percentile of an ascending list (nearest rank), in milliseconds with two decimals. */
function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return Math.round(sorted[rank]! * 100) / 100;
}

export function figures(route: string, latencies: number[], non2xx: number): RouteFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    route,
    requests: latencies.length,
    non2xx,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
}
