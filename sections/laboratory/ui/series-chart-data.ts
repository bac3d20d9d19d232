/**
 * What one series' distribution chart plots, made on the server from the aggregates (a few numbers per visit and
 * per chosen subject, never the results themselves): the boxes with the listing each opens, the chosen subjects'
 * lines, the rows of the chart's data table, and the reference range drawn when there is one for the series.
 */

import { BOX_COLUMNS } from "@/components/charts/box-columns";
import { parseReferenceRange } from "@/lib/clinical/laboratory/reference-range";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";
import type { SeriesView } from "@/sections/laboratory/load-test";
import type { LabQuery } from "@/sections/laboratory/query";
import { dateOf, labHref, round4, unitLabel, visitLabel } from "./lab-format";
import type { ChartBox, ChartLine } from "./VisitChartParts";

export const CHART_COLUMNS: DataColumn[] = [
  { id: "series", header: "Series" },
  { id: "visit", header: "Visit" },
  { id: "date", header: "Date (median for all subjects)" },
  ...BOX_COLUMNS,
  { id: "value", header: "Subject's value", type: "number" },
  { id: "unit", header: "Unit" },
];
const ALL = "All subjects";

/** A series' chart: its name in the URL (`dist0_table=1`) and its title. */
export const distributionId = (index: number) => `dist${index}`;
export const distributionTitle = (testName: string, unit: string | null) =>
  `${testName} in ${unitLabel(unit)}: distribution by visit`;

export function chartData(series: SeriesView, where: { studyHref: string; base: string; query: LabQuery }) {
  const { studyHref, base, query } = where;
  const unit = unitLabel(series.unit);
  const boxes: ChartBox[] = series.boxes.map((b) => ({
    visit: visitLabel(b.visit),
    date: dateOf(b.medianAt),
    n: b.n,
    min: round4(b.min) as number,
    q1: round4(b.q1) as number,
    median: round4(b.median) as number,
    q3: round4(b.q3) as number,
    max: round4(b.max) as number,
    // Its n counts numeric results: text results (or empty records) of the same series and visit are not behind it.
    href: labHref(base, { ...query, unit: series.unit, visit: b.visit, show: "numeric", shift: null }, "#results"),
  }));
  const rows: DataRow[] = boxes.map(({ href: _, ...b }) => ({ series: ALL, ...b, value: null, unit }));
  const lines: ChartLine[] = series.lines.map((l) => {
    const byVisit = new Map(l.points.map((p) => [p.visit, p]));
    for (const b of series.boxes) {
      const p = byVisit.get(b.visit);
      if (p)
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
      values: series.boxes.map((b) => round4(byVisit.get(b.visit)?.value ?? null)),
    };
  });
  return { unit, boxes, lines, rows };
}

/** The bounds to draw: only when every result of the series has the same readable range (else they differ). */
export function oneRange(series: SeriesView) {
  if (series.ranges.length !== 1 || series.moreRanges || series.unranged > 0) return undefined;
  const { low, high } = parseReferenceRange(series.ranges[0]);
  return low === null && high === null ? undefined : { text: series.ranges[0], low, high };
}
