/**
 * One series of a test (the test in one unit): its distribution by visit with the chosen subjects' lines, and its
 * shift tables. The chart's data are built here, on the server, from the aggregates: a few numbers per visit and
 * per chosen subject, never the results themselves. Text results are never plotted.
 */
import Link from "next/link";
import { subjectHref } from "@/components/study/sections";
import { parseReferenceRange } from "@/lib/clinical/reference-range";
import type { LabQuery } from "@/lib/study-views/laboratory-query";
import type { SeriesView } from "@/lib/study-views/laboratory-test";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { dateOf, labHref, rangeList, round4, unitLabel, visitLabel } from "./lab-format";
import { ShiftTables } from "./ShiftTables";
import { type ChartBox, type ChartLine, VisitChart } from "./VisitChart";

const COLUMNS: DataColumn[] = [
  { id: "series", header: "Series" },
  { id: "visit", header: "Visit" },
  { id: "date", header: "Date (median for all subjects)" },
  { id: "n", header: "n", type: "number" },
  { id: "min", header: "Min", type: "number" },
  { id: "q1", header: "Q1", type: "number" },
  { id: "median", header: "Median", type: "number" },
  { id: "q3", header: "Q3", type: "number" },
  { id: "max", header: "Max", type: "number" },
  { id: "value", header: "Subject's value", type: "number" },
  { id: "unit", header: "Unit" },
];
const ALL = "All subjects";

interface Props {
  series: SeriesView;
  index: number;
  testName: string;
  study: string;
  studyHref: string;
  base: string;
  query: LabQuery;
}

function chartData({ series, studyHref, base, query }: Props) {
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
    href: labHref(base, { ...query, unit: series.unit, visit: b.visit, show: "all", shift: null }, "#results"),
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
function oneRange(series: SeriesView) {
  if (series.ranges.length !== 1 || series.moreRanges) return undefined;
  const { low, high } = parseReferenceRange(series.ranges[0]);
  return low === null && high === null ? undefined : { text: series.ranges[0], low, high };
}

export function SeriesCharts(props: Props) {
  const { series, index, testName, study, base, query } = props;
  const unit = unitLabel(series.unit);
  const heading = `${testName} in ${unit}`;
  const counts =
    `${series.results} results, ${series.numeric} numeric; ` + `${series.subjects} subjects with a numeric result.`;
  const ranges = series.ranges.length
    ? `Reference ranges as sent: ${rangeList(series.ranges, series.moreRanges)}.`
    : "No reference range was sent.";
  if (series.numeric === 0)
    return (
      <section aria-label={heading}>
        <h4>{heading}</h4>
        <p>
          {counts} {ranges} Text results are shown as text in the{" "}
          <Link href={labHref(base, { ...query, unit: series.unit, show: "text", shift: null }, "#results")}>
            listing
          </Link>
          , never plotted; there is no distribution or shift table.
        </p>
      </section>
    );
  const { boxes, lines, rows } = chartData(props);
  return (
    <section aria-label={heading}>
      <h4>{heading}</h4>
      <p>
        {counts} {ranges}
      </p>
      <VisitChart
        id={`dist${index}`}
        title={`${heading}: distribution by visit`}
        unit={unit}
        boxes={boxes}
        lines={lines}
        range={oneRange(series)}
        columns={COLUMNS}
        rows={rows}
        fileParts={[study, testName, unit, "by-visit"]}
        shown={`Lines: showing ${lines.length} of ${series.subjects} subjects (choose up to 10 above).`}
      />
      <ShiftTables shift={series.shift} unit={series.unit} testName={testName} base={base} query={query} />
    </section>
  );
}
