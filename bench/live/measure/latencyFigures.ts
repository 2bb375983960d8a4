/** The spread of one run's frame latencies, in milliseconds. */
export interface LatencyFigures {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Percentiles by nearest rank: p99 is the latency 99 % of the frames did not exceed. */
export function latencyFigures(latencies: readonly number[]): LatencyFigures {
  const sorted = Float64Array.from(latencies).sort();
  const rank = (fraction: number) =>
    sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: rank(0.5),
    p99: rank(0.99),
    mean: sorted.length === 0 ? Number.NaN : total / sorted.length,
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] ?? Number.NaN),
  };
}
