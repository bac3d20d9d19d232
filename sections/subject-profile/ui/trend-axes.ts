/**
 * The trend plot's axes (./TrendPlot.tsx): the time domain, so that every point, band and onset is inside it, ticks
 * at whole days, and a value axis around the points and their bands.
 */

import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { studyDay } from "@/lib/clinical/common/dates";
import type { Trend, TrendPoint } from "@/lib/clinical/subjects/trend-series";

/** The calendar date of a time on the axis (the axis holds wall-clock times as UTC). */
export const axisDate = (t: number) => new Date(t).toISOString().slice(0, 10);

const DAY = 86_400_000;
const TICK_STEPS_DAYS = [1, 2, 7, 14, 28, 56, 91, 182, 364, 728];

/** Ticks at midnight, evenly spaced by whole days, at most `most` of them (evenly spaced dates read better). */
export function timeTicks([from, to]: [number, number], most = 8): number[] {
  const days =
    TICK_STEPS_DAYS.find((d) => (to - from) / (d * DAY) < most) ?? Math.ceil((to - from) / ((most - 1) * DAY));
  const step = days * DAY;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}

/** The study day of a time on the axis, against day 1's date (docs/clinical-rules.md): there is no day 0. */
export const axisStudyDay = (t: number, dayOne: string) => studyDay(axisDate(t), dayOne) as number;

/**
 * Ticks at midnight on study days evenly spaced from day 1 (1, 8, 15... and -7, -14... before it, as the subject
 * timeline's), whole weeks apart once the span is over a week or two, at most `most` of them.
 */
export function studyDayTicks([from, to]: [number, number], dayOne: string, most = 8): number[] {
  const days = TICK_STEPS_DAYS.find((d) => (to - from) / (d * DAY) < most) ?? Math.ceil((to - from) / (most * DAY));
  const step = days * DAY;
  const one = Date.parse(`${dayOne}T00:00:00Z`);
  const ticks: number[] = [];
  for (let t = one + Math.ceil((from - one) / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}

/** From the earliest to the latest of the points, their bands and the onsets; null when there is nothing. */
export function timeDomain(trend: Trend, onsets: readonly AeOnset[]): [number, number] | null {
  const times: number[] = onsets.map((o) => o.t);
  for (const s of trend.series)
    for (const p of s.points) {
      times.push(p.t);
      if (p.band) times.push(p.band.x1, p.band.x2);
    }
  if (times.length === 0) return null;
  return [Math.min(...times), Math.max(...times)];
}

/**
 * A value axis around the points and their bands' finite bounds, widened to round ticks (1, 2, 2.5 or 5 times a
 * power of ten, about five of them) with room of a tenth of the span, so that a bound is never the plot's edge.
 * When every value is 0 or more it never goes below 0, and it starts at 0 when a band is open below (`<=40`): the
 * band then shows the whole normal region. `include`: values the axis holds besides (lines drawn across the plot).
 */
export function valueAxis(
  points: readonly TrendPoint[],
  include: readonly number[] = [],
): { domain: [number, number]; ticks: number[] } {
  const values: number[] = [...include];
  let openBelow = false;
  for (const p of points) {
    values.push(p.value);
    if (p.band?.low != null) values.push(p.band.low);
    else if (p.band) openBelow = true;
    if (p.band?.high != null) values.push(p.band.high);
  }
  if (values.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  let [lo, hi] = [Math.min(...values), Math.max(...values)];
  const margin = hi > lo ? (hi - lo) / 10 : Math.abs(hi) / 10 || 1;
  const floor = lo >= 0 ? 0 : Number.NEGATIVE_INFINITY;
  [lo, hi] = [openBelow && lo >= 0 ? 0 : Math.max(floor, lo - margin), hi + margin];
  const step = niceStep((hi - lo) / 5);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const round = (x: number) => Number(x.toFixed(decimals));
  const [first, last] = [Math.floor(lo / step), Math.ceil(hi / step)];
  const ticks = Array.from({ length: last - first + 1 }, (_, i) => round((first + i) * step));
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks };
}

function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
}
