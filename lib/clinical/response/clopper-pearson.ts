/**
 * Exact (Clopper-Pearson) confidence interval of a proportion x / n (docs/clinical-rules.md, Tumour response):
 * the bounds are quantiles of beta distributions, lower = B(a/2; x, n - x + 1), upper = B(1 - a/2; x + 1, n - x),
 * with 0 as the lower bound when x = 0 and 1 as the upper bound when x = n. The beta quantile is @stdlib's.
 */
import betaQuantile from "@stdlib/stats-base-dists-beta-quantile";

export interface Interval {
  lower: number;
  upper: number;
}

/** The exact interval at `level` (0.95 by default); null when n is 0 or the counts are not 0 <= x <= n. */
export function clopperPearson(x: number, n: number, level = 0.95): Interval | null {
  if (!Number.isInteger(x) || !Number.isInteger(n) || n <= 0 || x < 0 || x > n) return null;
  const alpha = 1 - level;
  return {
    lower: x === 0 ? 0 : betaQuantile(alpha / 2, x, n - x + 1),
    upper: x === n ? 1 : betaQuantile(1 - alpha / 2, x + 1, n - x),
  };
}
