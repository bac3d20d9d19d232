/**
 * One subject's liver panel (docs/clinical-rules.md, Trends of one subject): ALT, AST, ALP and total bilirubin on
 * one time axis, each result as a multiple of its own record's upper limit of normal (×ULN), a series per test.
 * The tests are those of the liver safety view, by its names (./peaks.ts, alpOrLiverTestOf), and the ×ULN is its
 * own: value over the upper bound of the record's range, rounded to a thousandth, so that a result reads the same
 * on the panel, on the eDISH chart and in its one-test trend. On this scale the units cancel out, so a test's results
 * in two units are one series. What cannot be plotted is counted, as in any trend.
 */
import { parseReferenceRange, resultFlag } from "../laboratory/reference-range";
import type { MeasurementRow } from "../measurements/rows";
import { type Trend, type TrendPoint, type TrendSeries, timeOf } from "../subjects/trend-series";
import { EDISH_DEFAULTS } from "./edish";
import { alpOrLiverTestOf, type LiverTest, roundTimesUln } from "./peaks";

export type PanelTest = LiverTest | "ALP";

/** The panel's tests, in the order of its series and its legend. */
export const PANEL_TESTS: readonly PanelTest[] = ["ALT", "AST", "ALP", "BILI"];
export const PANEL_LABEL: Record<PanelTest, string> = {
  ALT: "ALT",
  AST: "AST",
  ALP: "ALP",
  BILI: "Total bilirubin",
};

/** The panel's name: its trend's test, and its title's first words. */
export const LIVER_PANEL_NAME = "Liver tests";

/** The lines drawn across the panel: Hy's law's thresholds, those of the eDISH view by default (3 and 2 ×ULN). */
export const PANEL_THRESHOLDS: readonly { times: number; tests: readonly PanelTest[]; label: string }[] = [
  { times: EDISH_DEFAULTS.xThreshold, tests: ["ALT", "AST"], label: `${EDISH_DEFAULTS.xThreshold}×ULN (ALT, AST)` },
  { times: EDISH_DEFAULTS.yThreshold, tests: ["BILI"], label: `${EDISH_DEFAULTS.yThreshold}×ULN (total bilirubin)` },
];

/** A plotted result: its value is its ×ULN, and it keeps the upper limit it was divided by. */
export interface PanelPoint extends TrendPoint {
  uln: number;
}

export interface PanelSeries extends TrendSeries {
  test: PanelTest;
  points: PanelPoint[];
}

/** The panel: a ×ULN trend whose series are tests, not units. */
export interface LiverPanel extends Trend {
  panel: "liver";
  series: PanelSeries[];
  /** Results left out for want of an upper limit, per test (their sum is `excluded.noUln`). */
  noUlnByTest: Record<PanelTest, number>;
}

export const isLiverPanel = (trend: Trend): trend is LiverPanel => "panel" in trend && trend.panel === "liver";

/** The upper limit of a record's own range, when it has one above 0 (docs/clinical-rules.md, Liver safety). */
function ulnOf(range: string | null): number | null {
  const high = range === null ? null : parseReferenceRange(range).high;
  return high !== null && high > 0 ? high : null;
}

/** Whether the panel has something to show: a result of one of its tests with a value and an upper limit. */
export const hasLiverPanel = (rows: readonly MeasurementRow[]): boolean =>
  rows.some((r) => r.value !== null && ulnOf(r.range) !== null && alpOrLiverTestOf(r.test) !== null);

export function liverPanel(rows: readonly MeasurementRow[]): LiverPanel {
  const excluded = { text: 0, noValue: 0, noTime: 0, noUln: 0 };
  const noUlnByTest: Record<PanelTest, number> = { ALT: 0, AST: 0, ALP: 0, BILI: 0 };
  const byTest = new Map<PanelTest, (PanelPoint & { order: number })[]>();
  let order = 0;
  for (const r of rows) {
    const test = alpOrLiverTestOf(r.test);
    if (test === null) continue;
    // Left out for the first reason, in the order of any trend (lib/clinical/subjects/trend-series.ts).
    if (r.value === null) {
      if (r.text !== null) excluded.text++;
      else excluded.noValue++;
      continue;
    }
    const t = timeOf(r.collectedAt);
    if (t === null) {
      excluded.noTime++;
      continue;
    }
    const uln = ulnOf(r.range);
    if (uln === null) {
      excluded.noUln++;
      noUlnByTest[test]++;
      continue;
    }
    const { id, visit, unit, range } = r;
    const point = { id, t, collectedAt: r.collectedAt!, visit, raw: r.value, unit, range, uln, band: null };
    const list = byTest.get(test) ?? [];
    if (list.length === 0) byTest.set(test, list);
    list.push({ ...point, value: roundTimesUln(r.value / uln), flag: resultFlag(r.value, range), order: order++ });
  }
  const series = PANEL_TESTS.flatMap((test): PanelSeries[] => {
    const list = byTest.get(test);
    if (!list) return [];
    const points = list.sort((a, b) => a.t - b.t || a.order - b.order).map(({ order: _, ...p }) => p);
    return [{ test, unit: null, label: PANEL_LABEL[test], points }];
  });
  return { panel: "liver", key: "liver", test: LIVER_PANEL_NAME, scale: "uln", series, excluded, noUlnByTest };
}
