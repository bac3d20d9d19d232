/**
 * A unit's distribution chart: what it plots, made on the server from the aggregates (a few numbers per visit and
 * per chosen subject, never the results themselves): the boxes with the listing each opens, the chosen subjects'
 * lines, the rows of the chart's data table, and the reference range drawn when there is one for the series.
 */

import { BOX_COLUMNS, boxTableRow } from "@/components/charts/box-columns";
import { parseReferenceRange } from "@/lib/clinical/laboratory/reference-range";
import type { BoxStats } from "@/lib/clinical/laboratory/stats";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";
import { type LabQuery, resultsHref } from "./query";
import { round4, unitLabel, visitLabel } from "./tables";
import type { SeriesDetail } from "./test-detail";

/** The date part of a collection time as sent (`YYYY-MM-DDThh:mm:ss`). */
const dateOf = (at: string | null) => (at === null ? null : at.slice(0, 10));

/** A visit's box: its box plot's numbers (lib/clinical/laboratory/stats.ts), the median date, and its listing. */
export interface ChartBox extends BoxStats {
  visit: string;
  date: string | null;
  n: number;
  href: string;
}

export interface ChartLine {
  subjectId: string;
  href: string;
  /** The subject's value at each visit of the chart (null where it has none), in the boxes' order. */
  values: (number | null)[];
}

export const CHART_COLUMNS: DataColumn[] = [
  { id: "series", header: "Series" },
  { id: "visit", header: "Visit" },
  { id: "date", header: "Date (median for all subjects)" },
  ...BOX_COLUMNS,
  { id: "value", header: "Subject's value", type: "number" },
  { id: "unit", header: "Unit" },
];
const ALL = "All subjects";

export const distributionTitle = (testName: string, unit: string | null) =>
  `${testName} in ${unitLabel(unit)}: distribution by visit`;

/**
 * What a unit's chart plots. On a log value axis (`scale=log`) only results above 0 can be drawn: the boxes are of
 * those, a subject's value of 0 or less is not drawn, and `leftOut` counts the numeric results left out.
 */
export function chartData(series: SeriesDetail, where: { studyHref: string; base: string; query: LabQuery }) {
  const { studyHref, base, query } = where;
  const unit = unitLabel(series.unit);
  const log = query.scale === "log";
  const source = log ? series.logBoxes : series.boxes;
  const drawn = (v: number | null | undefined) => (v == null || (log && !(v > 0)) ? null : round4(v));
  const boxes: ChartBox[] = source.map((b) => ({
    visit: visitLabel(b.visit),
    date: dateOf(b.medianAt),
    n: b.n,
    ...roundBox(b),
    // Its n counts numeric results: text results (or empty records) of the same series and visit are not behind it.
    href: resultsHref(base, { ...query, unit: series.unit, visit: b.visit, show: "numeric", shift: null }),
  }));
  const rows: DataRow[] = boxes.map(({ href: _, ...b }) => ({ series: ALL, ...boxTableRow(b), value: null, unit }));
  const lines: ChartLine[] = series.lines.map((l) => {
    const byVisit = new Map(l.points.map((p) => [p.visit, p]));
    for (const b of source) {
      const p = byVisit.get(b.visit);
      if (p && drawn(p.value) !== null)
        rows.push({
          series: `Subject ${l.subjectId}`,
          visit: visitLabel(b.visit),
          date: dateOf(p.collectedAt),
          value: round4(p.value),
          unit,
        });
    }
    return {
      subjectId: l.subjectId,
      href: subjectHref(studyHref, l.subjectId),
      values: source.map((b) => drawn(byVisit.get(b.visit)?.value)),
    };
  });
  return { unit, boxes, lines, rows, leftOut: log ? series.nonPositive : 0 };
}

/** A box's numbers as the chart and its table show them. */
const roundBox = (b: BoxStats): BoxStats => ({
  min: round4(b.min) as number,
  whiskerLow: round4(b.whiskerLow) as number,
  q1: round4(b.q1) as number,
  median: round4(b.median) as number,
  q3: round4(b.q3) as number,
  whiskerHigh: round4(b.whiskerHigh) as number,
  max: round4(b.max) as number,
  outliers: b.outliers.map((o) => round4(o) as number),
});

/** The bounds to draw: only when every result of the series has the same readable range (else they differ). */
export function oneRange(series: SeriesDetail) {
  if (series.ranges.length !== 1 || series.moreRanges || series.unranged > 0) return undefined;
  const { low, high } = parseReferenceRange(series.ranges[0]);
  return low === null && high === null ? undefined : { text: series.ranges[0], low, high };
}
