/**
 * Percentages of counts as the portal's tables write them (docs/clinical-rules.md): 100 x n / N to one decimal,
 * a half rounded up, computed from the counts themselves. 1000 n / N is exact where it matters (a tie such as
 * 62.5 is a binary fraction), whereas rounding the binary value of 100 n / N can fall either side of a tie:
 * 100 x 3 / 2000 is stored as 0.1499999... and toFixed(1) reads 0.1 where the count says 0.15, so 0.2.
 */

/** 100 n / N rounded to one decimal (a half up); null when N is 0. For counts: n and N whole numbers. */
export function percentOf(n: number, of: number): number | null {
  return of === 0 ? null : Math.round((1000 * n) / of) / 10;
}

/** The percentage with its one decimal written (`2.0`), or "" when N is 0. */
export const percentText = (n: number, of: number): string => percentOf(n, of)?.toFixed(1) ?? "";
