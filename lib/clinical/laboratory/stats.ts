import { tukeyWhiskers, type Whiskers } from "../common/box-plot";

/**
 * Order statistics of laboratory values (docs/clinical-rules.md, Laboratory: distribution by visit). Quartiles are
 * interpolated between the sorted values at position p x (n - 1) (the method of R's default and of spreadsheet
 * QUARTILE.INC), so that the median of an even count is the mean of the two middle values.
 */
export interface FiveNumbers {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** The p-quantile (0 <= p <= 1) of values sorted ascending; NaN when there are none. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const at = p * (n - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, n - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}

/** Minimum, quartiles, median and maximum; null for no values. The values are not changed. */
export function fiveNumbers(values: ArrayLike<number>): FiveNumbers | null {
  if (values.length === 0) return null;
  // A typed array sorts numerically (an Array's default sort compares text).
  const sorted = Float64Array.from(values).sort();
  return {
    min: sorted[0],
    q1: quantileSorted(sorted, 0.25),
    median: quantileSorted(sorted, 0.5),
    q3: quantileSorted(sorted, 0.75),
    max: sorted[sorted.length - 1],
  };
}

/** A box plot's numbers: the five numbers and Tukey's whiskers and outliers (../common/box-plot); null for none. */
export type BoxStats = FiveNumbers & Whiskers;

export function boxStats(values: ArrayLike<number>): BoxStats | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const [q1, q3] = [quantileSorted(sorted, 0.25), quantileSorted(sorted, 0.75)];
  const five = { min: sorted[0], q1, median: quantileSorted(sorted, 0.5), q3, max: sorted[sorted.length - 1] };
  return { ...five, ...tukeyWhiskers(sorted, q1, q3) };
}
