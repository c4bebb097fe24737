/**
 * Percentiles of latency samples. Nearest-rank, so a reported p99 is a sample that really
 * happened, never an interpolation between two.
 */

export interface Summary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** The nearest-rank percentile `p` (0-100) of samples already sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('no samples');
  if (p < 0 || p > 100) throw new RangeError(`percentile ${p} is not within 0-100`);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** p50, p99, mean and range of a sample set (in whatever unit the samples are). */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: total / sorted.length,
    min: sorted[0] as number,
    max: sorted[sorted.length - 1] as number,
  };
}

/** The median of a few repeated measurements (throughput rounds, memory readings). */
export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}
