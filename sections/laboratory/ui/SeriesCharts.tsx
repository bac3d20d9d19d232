/**
 * One series of a test (the test in one unit): its distribution by visit with the chosen subjects' lines, and its
 * shift tables. The chart's data are built here, on the server, from the aggregates: a few numbers per visit and
 * per chosen subject, never the results themselves. Text results are never plotted.
 */
import Link from "next/link";
import { distributionId, type LabQuery, resultsHref } from "../query";
import { CHART_COLUMNS, chartData, distributionTitle, LAB_TABLES, oneRange, rangeList, unitLabel } from "../tables";
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
  const { boxes, lines, rows } = chartData(series, props);
  return (
    <section aria-label={heading}>
      <h4>{heading}</h4>
      <p>
        {counts} {ranges}
      </p>
      <VisitChart
        id={distributionId(index)}
        title={distributionTitle(testName, series.unit)}
        unit={unit}
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
