/**
 * One series of a test (the test in one unit): its distribution by visit with the chosen subjects' lines, and its
 * shift tables. The chart's data are built here, on the server, from the aggregates: a few numbers per visit and
 * per chosen subject, never the results themselves. Text results are never plotted.
 */
import Link from "next/link";
import { plural } from "@/sections/frame/ui/notices";
import { Switch } from "@/sections/frame/ui/Switch";
import { CHART_COLUMNS, chartData, distributionTitle, oneRange } from "../distribution-table";
import { distributionId, type LabQuery, labHref, logLeftOutHref, resultsHref, VALUE_SCALES } from "../query";
import { LAB_TABLES, rangeList, unitLabel } from "../tables";
import type { SeriesDetail } from "../test-detail";
import { ShiftTables } from "./ShiftTables";
import { VisitChart } from "./VisitChart";

interface Props {
  series: SeriesDetail;
  /** The series' place among the test's units, which names its chart and tables in the URL and the exports. */
  index: number;
  testName: string;
  studyHref: string;
  base: string;
  query: LabQuery;
}

export function SeriesCharts(props: Props) {
  const { series, index, testName, base, query } = props;
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
          <Link href={resultsHref(base, { ...query, unit: series.unit, show: "text", shift: null })}>listing</Link>,
          never plotted; there is no distribution or shift table.
        </p>
      </section>
    );
  const { boxes, lines, rows, leftOut } = chartData(series, props);
  const log = query.scale === "log";
  return (
    <section aria-label={heading}>
      <h4>{heading}</h4>
      <p>
        {counts} {ranges}
      </p>
      {log ? <LogNote leftOut={leftOut} href={logLeftOutHref(base, query, series.unit)} /> : null}
      <VisitChart
        id={distributionId(index)}
        title={distributionTitle(testName, series.unit)}
        unit={unit}
        scale={query.scale}
        boxes={boxes}
        lines={lines}
        range={oneRange(series)}
        columns={CHART_COLUMNS}
        rows={rows}
        exportAs={LAB_TABLES.key("distribution", index)}
        shown={`Lines: showing ${lines.length} of ${series.subjects} subjects (choose up to 10 above).`}
      />
      <ShiftTables
        shift={series.shift}
        unit={series.unit}
        testName={testName}
        base={base}
        query={query}
        index={index}
      />
    </section>
  );
}

/**
 * What the log value axis leaves out, never silently (docs/clinical-rules.md, Distribution by visit): the count opens
 * the listing of exactly those results.
 */
function LogNote({ leftOut, href }: { leftOut: number; href: string }) {
  if (leftOut === 0) return <p>Log value axis: every numeric result is above 0 and drawn.</p>;
  const verb = leftOut === 1 ? "is" : "are";
  return (
    <p>
      Log value axis: <Link href={href}>{plural(leftOut, "numeric result")} of 0 or less</Link> cannot be drawn on it
      and {verb} left out of the boxes and the subjects&apos; lines; the boxes are of the results above 0 (the linear
      axis shows all).
    </p>
  );
}

/** The distribution charts' value axis, linear or log, kept in the URL (`scale=log`): for skewed tests. */
export function ScaleSwitch({ base, query }: { base: string; query: LabQuery }) {
  const options = VALUE_SCALES.map((scale) => ({
    label: scale === "log" ? "Log" : "Linear",
    href: labHref(base, { ...query, scale }),
    current: query.scale === scale,
  }));
  return <Switch label="Value axis of the distribution charts" options={options} />;
}
