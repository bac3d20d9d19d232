/**
 * The log axes of the eDISH chart: a domain of whole decades that holds every
 * point and the threshold (at least 0.1 to 10 ×ULN, so that an all-normal
 * study still shows where the lines are), and ticks at each decade and at the
 * threshold (a decade too close to the threshold to be read apart is left out).
 */
export interface LogAxis {
  domain: [number, number];
  ticks: number[];
}

const decadeBelow = (v: number) => 10 ** Math.floor(Math.log10(v));
const decadeAbove = (v: number) => 10 ** Math.ceil(Math.log10(v));
// 10 ** -1 is 0.1 exactly, but 10 ** -2 is not 0.01 in floating point; 12 significant digits clean the ticks.
const clean = (v: number) => Number(v.toPrecision(12));

export function logAxis(values: readonly number[], threshold: number): LogAxis {
  let min = Math.min(0.1, threshold);
  let max = Math.max(10, threshold);
  for (const v of values) {
    if (v > 0 && v < min) min = v;
    if (v > max) max = v;
  }
  const low = clean(decadeBelow(min));
  const high = clean(decadeAbove(max));
  const ticks = new Set<number>([threshold]);
  for (let d = low; d <= high * 1.0001; d = clean(d * 10)) if (Math.abs(Math.log10(d / threshold)) >= 0.1) ticks.add(d);
  return { domain: [low, high], ticks: [...ticks].sort((a, b) => a - b) };
}

/** A tick's text: 0.1, 1, 3, 10, 100 (no trailing zeros). */
export const tickText = (v: number) => String(clean(v));
