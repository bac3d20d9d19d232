/**
 * Descriptive statistics of numeric results (docs/clinical-rules.md, Vital
 * signs): n, mean, sample SD (divisor n - 1), median, quartiles, min and max,
 * and the decimals they are shown with (the clinical study report's habit: the
 * data's own decimals for min and max, one more for mean and median, two more
 * for SD).
 */
export interface NumberSummary {
  n: number;
  mean: number;
  /** Sample standard deviation (n - 1); null for a single value. */
  sd: number | null;
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
}

/**
 * The p-quantile of ascending values by linear interpolation between the two nearest ranks (Hyndman and Fan type 7,
 * the default of R and of spreadsheets' QUARTILE.INC): position h = (n - 1) p from 0.
 */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The summary of a set of numbers; null when there are none. The input is not changed. */
export function summarize(values: readonly number[]): NumberSummary | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  const mean = sum / n;
  let squares = 0;
  for (const v of sorted) squares += (v - mean) ** 2;
  const list = Array.from(sorted);
  return {
    n,
    mean,
    sd: n > 1 ? Math.sqrt(squares / (n - 1)) : null,
    median: quantile(list, 0.5),
    q1: quantile(list, 0.25),
    q3: quantile(list, 0.75),
    min: sorted[0],
    max: sorted[n - 1],
  };
}

const MAX_DECIMALS = 6;

/** The decimals a number was written with (its shortest form: 37.2 has 1, 120 has 0), at most 6. */
export function decimalsOf(value: number): number {
  // Most vital signs are whole numbers: no string to make.
  if (Number.isInteger(value) || !Number.isFinite(value)) return 0;
  const [digits, exponent] = String(Math.abs(value)).split("e");
  const fraction = digits.split(".")[1]?.length ?? 0;
  return Math.min(MAX_DECIMALS, Math.max(0, fraction - Number(exponent ?? 0)));
}

/** A number rounded to `decimals` places, as a number (toFixed's rounding). */
export const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The summary rounded for display: min, max at the data's decimals; mean, median, quartiles +1; SD +2. */
export function roundSummary(s: NumberSummary, decimals: number): NumberSummary {
  const [at, plus1, plus2] = [decimals, decimals + 1, decimals + 2];
  return {
    n: s.n,
    mean: roundTo(s.mean, plus1),
    sd: s.sd === null ? null : roundTo(s.sd, plus2),
    median: roundTo(s.median, plus1),
    q1: roundTo(s.q1, plus1),
    q3: roundTo(s.q3, plus1),
    min: roundTo(s.min, at),
    max: roundTo(s.max, at),
  };
}
