/**
 * The test overview (docs/clinical-rules.md, Laboratory test overview): one row per test and unit; every count opens
 * the results behind it in the test's listing, and the flags say what is odd about the data of the row.
 */

import type { LabOverviewRow } from "@/lib/clinical/laboratory/overview";
import type { ResultChoice } from "@/lib/clinical/laboratory/results";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { LabTestSummary } from "./load";
import { labHref, OVERVIEW_PREFIX, resultsHref } from "./query";
import { rangeList, round4, unitLabel } from "./tables";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const OVERVIEW_COLUMNS: DataColumn[] = [
  { id: "test", header: "Test", href: "test_href", priority: "key", nowrap: true },
  { id: "code", header: "Service code", nowrap: true },
  { id: "unit", header: "Unit", priority: "key", nowrap: true },
  { id: "subjects", header: "Subjects", type: "number", href: "all_href", priority: "key" },
  { id: "results", header: "Results", type: "number", href: "all_href", priority: "key" },
  { id: "numeric", header: "Numeric", type: "number", href: "numeric_href" },
  { id: "text", header: "Text", type: "number", href: "text_href" },
  { id: "ranged", header: "With a readable range", type: "number", href: "ranged_href" },
  { id: "below", header: "Below range (L)", type: "number", href: "low_href", priority: "key" },
  { id: "pctBelow", header: "% below", type: "number", href: "low_href" },
  { id: "above", header: "Above range (H)", type: "number", href: "high_href", priority: "key" },
  { id: "pctAbove", header: "% above", type: "number", href: "high_href" },
  { id: "min", header: "Min", type: "number", priority: "hidden-by-default" },
  { id: "median", header: "Median", type: "number", priority: "hidden-by-default" },
  { id: "max", header: "Max", type: "number", priority: "hidden-by-default" },
  { id: "ranges", header: "Reference ranges (as sent)" },
  { id: "flags", header: "Flags", priority: "key" },
];

/** What is odd about a row, in words; empty when nothing is. */
export function overviewFlags(row: LabOverviewRow, test: LabTestSummary | undefined): string[] {
  const units = (test?.units ?? []).filter((u) => u !== null);
  const flags: string[] = [];
  if (units.length > 1) flags.push(`unit change: the test comes in ${units.length} units`);
  if (row.unit === null && row.numeric > 0) flags.push(`${plural(row.numeric, "numeric result")} without a unit`);
  if (row.code === null) flags.push("no service code: keyed by its name");
  if (row.unreadableRange) flags.push(`${plural(row.unreadableRange, "numeric result")} with a free-text range`);
  if (row.noRange) flags.push(`${plural(row.noRange, "numeric result")} without a range`);
  if (row.undated) flags.push(`${plural(row.undated, "result")} without a date`);
  if (row.empty) flags.push(`${plural(row.empty, "result")} without a value or text`);
  return flags;
}

export function labOverviewTable(
  rows: LabOverviewRow[],
  tests: LabTestSummary[],
  base: string,
  study: string,
): PlainTable {
  const byKey = new Map(tests.map((t) => [t.key, t]));
  const data: DataRow[] = rows.map((r) => {
    const link = (show: ResultChoice, n: number) =>
      n > 0 ? resultsHref(base, { test: r.testKey, unit: r.unit, show }) : null;
    return {
      test: r.test,
      test_href: labHref(base, { test: r.testKey }),
      code: r.code ?? "(none)",
      unit: unitLabel(r.unit),
      subjects: r.subjects,
      results: r.results,
      all_href: link("all", r.results),
      numeric: r.numeric,
      numeric_href: link("numeric", r.numeric),
      text: r.text,
      text_href: link("text", r.text),
      ranged: r.ranged,
      ranged_href: link("ranged", r.ranged),
      below: r.below,
      low_href: link("low", r.below),
      pctBelow: r.pctBelow,
      above: r.above,
      high_href: link("high", r.above),
      pctAbove: r.pctAbove,
      min: round4(r.min),
      median: round4(r.median),
      max: round4(r.max),
      ranges: rangeList(r.ranges, r.moreRanges),
      flags: overviewFlags(r, byKey.get(r.testKey)).join("; "),
    };
  });
  return {
    caption: `Laboratory tests of study ${study}, one row per test and unit`,
    columns: OVERVIEW_COLUMNS,
    rows: data,
    pageSizes: [50, 100, 200],
    urlPrefix: OVERVIEW_PREFIX,
  };
}
