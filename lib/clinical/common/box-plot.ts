/**
 * The whiskers of a box plot by Tukey's rule (docs/clinical-rules.md, Box plots): each whisker runs from its quartile
 * to the most extreme value within 1.5 × IQR of it (IQR = Q3 − Q1), and the values beyond are outliers, drawn as
 * points. The minimum and maximum are still given beside them: a whisker is not the range.
 */
export interface Whiskers {
  /** The smallest value at or above Q1 − 1.5 × IQR. */
  whiskerLow: number;
  /** The largest value at or below Q3 + 1.5 × IQR. */
  whiskerHigh: number;
  /** The values below the low fence or above the high one, ascending. */
  outliers: number[];
}

/** Tukey's whiskers of values sorted ascending (at least one), with their quartiles. */
export function tukeyWhiskers(sorted: ArrayLike<number>, q1: number, q3: number): Whiskers {
  const reach = 1.5 * (q3 - q1);
  const [lowFence, highFence] = [q1 - reach, q3 + reach];
  const outliers: number[] = [];
  let whiskerLow = Number.NaN;
  let whiskerHigh = Number.NaN;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i];
    if (v < lowFence || v > highFence) outliers.push(v);
    else {
      if (Number.isNaN(whiskerLow)) whiskerLow = v;
      whiskerHigh = v;
    }
  }
  return { whiskerLow, whiskerHigh, outliers };
}
