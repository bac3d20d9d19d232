/**
 * One subject's trend of one laboratory test or vital-sign item
 * (docs/clinical-rules.md, Trends): value against time, one series per unit
 * (a change of unit is never drawn as one line), the reference band of each
 * record's own range, H/L of each result, raw or as a multiple of the
 * record's upper limit (×ULN). What cannot be plotted is counted, not dropped
 * silently: text results, results without a value or a time, and in the ×ULN
 * view results whose record has no upper limit.
 */
import { calendarDate } from "../common/dates";
import { displayUnit } from "../common/units";
import { testKey } from "../laboratory/grid";
import { parseReferenceRange, type RangeFlag, resultFlag, timesUln } from "../laboratory/reference-range";
import { roundTimesUln } from "../liver/peaks";
import type { MeasurementRow } from "../measurements/rows";

export type TrendScale = "raw" | "uln";

/** The reference band of one record: from `x1` to `x2` on the time axis; a null bound is open (to the edge). */
export interface Band {
  x1: number;
  x2: number;
  low: number | null;
  high: number | null;
}

export interface TrendPoint {
  id: string;
  /** Milliseconds of the collection time read as UTC wall-clock (the partner sends no offset). */
  t: number;
  collectedAt: string;
  visit: string | null;
  /** The result as sent. */
  raw: number;
  /** What is plotted: `raw`, or `raw` divided by the record's upper limit, to a thousandth (as eDISH reads it). */
  value: number;
  unit: string | null;
  range: string | null;
  flag: RangeFlag | null;
  /** Null when the record's range has no numeric bound. */
  band: Band | null;
}

export interface TrendSeries {
  unit: string | null;
  /** `ALT (U/L)`, `ALT (no unit)`. */
  label: string;
  points: TrendPoint[];
}

export interface Trend {
  key: string;
  test: string;
  scale: TrendScale;
  series: TrendSeries[];
  /** Results of the test not plotted, by reason. */
  excluded: { text: number; noValue: number; noTime: number; noUln: number };
}

/** A single point's band reaches half a day either side. */
const HALF_DAY = 43_200_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** The collection time as milliseconds, the wall-clock time taken as UTC; null when it is no date. */
export function timeOf(collectedAt: string | null): number | null {
  const date = calendarDate(collectedAt);
  if (date === null) return null;
  const m = DATE_TIME.exec(collectedAt!.trim());
  const [h, min, s] = [m?.[1], m?.[2], m?.[3]].map((x) => Number(x ?? 0));
  if (h > 23 || min > 59 || s > 59) return null;
  return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), h, min, s);
}

/**
 * The tests (or vital-sign items) of a subject's rows, by key, in the order they first appear, each with the unit of
 * its first numeric result (null: none, or numbers without a unit).
 */
export function measurementTests(
  rows: readonly MeasurementRow[],
): { key: string; test: string; unit: string | null }[] {
  const tests = new Map<string, { key: string; test: string; unit: string | null; numeric: boolean }>();
  for (const r of rows) {
    const key = testKey(r);
    let t = tests.get(key);
    if (!t) {
      t = { key, test: r.test, unit: null, numeric: false };
      tests.set(key, t);
    }
    if (!t.numeric && r.value !== null) Object.assign(t, { unit: r.unit, numeric: true });
  }
  return [...tests.values()].map(({ key, test, unit }) => ({ key, test, unit }));
}

/** A series' name: `ALT (U/L)`, `WBC (10⁹/L)`, `ALT (no unit)`. */
const seriesLabel = (test: string, unit: string | null) => `${test} (${unit === null ? "no unit" : displayUnit(unit)})`;

export function trendSeries(rows: readonly MeasurementRow[], key: string, scale: TrendScale): Trend {
  const excluded = { text: 0, noValue: 0, noTime: 0, noUln: 0 };
  const points: (TrendPoint & { order: number })[] = [];
  let test = key;
  for (const r of rows) {
    if (testKey(r) !== key) continue;
    test = r.test;
    const point = trendPoint(r, scale, excluded);
    if (point) points.push({ ...point, order: points.length });
  }
  points.sort((a, b) => a.t - b.t || a.order - b.order);
  const byUnit = new Map<string | null, TrendPoint[]>();
  for (const { order: _, ...p } of points) {
    const list = byUnit.get(p.unit) ?? [];
    if (list.length === 0) byUnit.set(p.unit, list);
    list.push(p);
  }
  const series = [...byUnit].map(([unit, list]) => ({ unit, label: seriesLabel(test, unit), points: list }));
  for (const s of series) spanBands(s.points);
  return { key, test, scale, series, excluded };
}

/** The point of one result, or null (and counted) when it cannot be plotted on this scale. */
function trendPoint(r: MeasurementRow, scale: TrendScale, excluded: Trend["excluded"]): TrendPoint | null {
  if (r.value === null) {
    if (r.text !== null) excluded.text++;
    else excluded.noValue++;
    return null;
  }
  const t = timeOf(r.collectedAt);
  if (t === null) {
    excluded.noTime++;
    return null;
  }
  // To a thousandth, as the eDISH view reads the same result: 2.99875 is 2.999, below 3 ×ULN in both views.
  const times = timesUln(r.value, r.range);
  const uln = times === null ? null : roundTimesUln(times);
  if (scale === "uln" && uln === null) {
    excluded.noUln++;
    return null;
  }
  const { id, visit, unit, range } = r;
  const flag = resultFlag(r.value, range);
  const value = scale === "uln" ? uln! : r.value;
  return { id, t, collectedAt: r.collectedAt!, visit, raw: r.value, value, unit, range, flag, band: bounds(r, scale) };
}

/** The record's own bounds on the plotted scale (its x extent comes later); null without a numeric bound. */
function bounds({ range }: MeasurementRow, scale: TrendScale): Band | null {
  if (range === null) return null;
  const { low, high } = parseReferenceRange(range);
  if (low === null && high === null) return null;
  // On the ×ULN scale the upper limit is 1 by definition, and a lower limit is its share of the upper one.
  if (scale === "uln") return { x1: 0, x2: 0, low: low === null ? null : roundTimesUln(low / high!), high: 1 };
  return { x1: 0, x2: 0, low, high };
}

/**
 * Each record's band reaches halfway to its neighbours in time, so where the range of two records differs the
 * band steps midway between them. Outwards (before the first result, after the last) it reaches half a day, so
 * that the band does not run on where the series has no result.
 */
function spanBands(points: readonly TrendPoint[]): void {
  points.forEach((p, i) => {
    if (p.band === null) return;
    p.band.x1 = i > 0 ? p.t - (p.t - points[i - 1].t) / 2 : p.t - HALF_DAY;
    p.band.x2 = i < points.length - 1 ? p.t + (points[i + 1].t - p.t) / 2 : p.t + HALF_DAY;
  });
}
