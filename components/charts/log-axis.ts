/**
 * A log value axis made here rather than by recharts' "auto" domain, whose nice linear ticks can start at 0, which a
 * log axis cannot show: from the power of ten at or below the smallest value to the one at or above the largest,
 * ticks at each power of ten, and at 2 and 5 times them when the values span two decades or less.
 */
export function logAxis(values: readonly number[]): { domain: [number, number]; ticks: number[] } | null {
  let [min, max] = [Number.POSITIVE_INFINITY, 0];
  for (const v of values)
    if (v > 0 && Number.isFinite(v)) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  if (max === 0) return null;
  const lo = Math.floor(Math.log10(min));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(max)));
  const multiples = hi - lo <= 2 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let k = lo; k <= hi; k++)
    for (const m of multiples) if (k < hi || m === 1) ticks.push(Number((m * 10 ** k).toPrecision(12)));
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks };
}
