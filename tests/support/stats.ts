// Latency summaries: nearest-rank percentiles over the measured samples (warm-up excluded by the caller).

export type Summary = { n: number; min: number; p50: number; p95: number; p99: number; max: number; mean: number };

const round = (ms: number) => Math.round(ms * 100) / 100;

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    min: round(sorted[0] ?? Number.NaN),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(mean),
  };
}

export const now = () => performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A verdict against a target: the bars are upper bounds (latency) unless `atLeast` (throughput). */
export function verdict(value: number, target: number, atLeast = false): "PASS" | "MISS" {
  if (!Number.isFinite(value)) return "MISS";
  return (atLeast ? value >= target : value <= target) ? "PASS" : "MISS";
}
