/**
 * The laboratory section's tables as the page shows them and their exports write them: the test overview
 * (docs/clinical-rules.md, Laboratory test overview), a unit's distribution chart and its data table, its shift
 * tables (docs/clinical-rules.md, Shift tables), and the words of a test's results listing; with how the section
 * writes its values. The listing's own columns are the frame's (sections/frame/measurement-columns.ts). A plain
 * module, without server-only imports: the distribution chart (a client component) reads its types.
 */

import { BOX_COLUMNS, boxTableRow } from "@/components/charts/box-columns";
import { unitOrNone } from "@/lib/clinical/common/units";
import type { LabOverviewRow } from "@/lib/clinical/laboratory/overview";
import { parseReferenceRange } from "@/lib/clinical/laboratory/reference-range";
import { RESULT_CHOICE_LABEL, type ResultChoice } from "@/lib/clinical/laboratory/results";
import { SHIFT_CATEGORIES, type ShiftCategory, type ShiftDirection } from "@/lib/clinical/laboratory/shift";
import type { BoxStats } from "@/lib/clinical/laboratory/stats";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import type { ChosenTest, LabTestSummary } from "./load";
import { type LabQuery, labHref, OVERVIEW_PREFIX, type PhaseChoice, resultsHref } from "./query";
import type { SeriesDetail, ShiftCounts } from "./test-detail";

/** The section's exportable tables: a unit's chart is "distribution.<index>", its shift table "shift.low-<index>". */
export const LAB_TABLES = exportKeys("laboratory", [
  "distribution",
  "shift",
  "overview",
  "results",
  "issue",
  "all-results",
]);

// How the section writes its values.

/** At most four decimals: interpolated quartiles carry binary noise (4.15000000001). */
const round4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

/** A unit as the section shows it: 10⁹/L for the partner's 10^9/L, "(no unit)" (docs/clinical-rules.md, Units). */
export const unitLabel = unitOrNone;
const visitLabel = (visit: string | null) => visit ?? "(no visit)";
/** The date part of a collection time as sent (`YYYY-MM-DDThh:mm:ss`). */
const dateOf = (at: string | null) => (at === null ? null : at.slice(0, 10));

/** Range texts as sent, joined, with how many more there are. */
export const rangeList = (ranges: string[], more: number) =>
  [...ranges, ...(more ? [`and ${more} more`] : [])].join("; ");

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// The test overview: one row per test and unit; every count opens the results behind it in the test's listing, and
// the flags say what is odd about the data of the row.

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

// A unit's distribution chart: what it plots, made on the server from the aggregates (a few numbers per visit and
// per chosen subject, never the results themselves): the boxes with the listing each opens, the chosen subjects'
// lines, the rows of the chart's data table, and the reference range drawn when there is one for the series.

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

// A unit's shift tables: the baseline category in rows, the lowest (or highest) category after baseline in columns,
// each row and column with its total, counts of subjects.

export const SHIFT_NAME: Record<ShiftCategory, string> = {
  L: "Low (L)",
  N: "Normal (N)",
  H: "High (H)",
  M: "Missing",
};
export const SHIFT_TITLE: Record<ShiftDirection, string> = {
  low: "Lowest category after baseline",
  high: "Highest category after baseline",
};

export const shiftCaption = (testName: string, unit: string | null, direction: ShiftDirection) =>
  `Shift table of ${testName} in ${unitLabel(unit)}: ` +
  `baseline against the ${SHIFT_TITLE[direction].toLowerCase()} (subjects)`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A row: a baseline category, or null for the row of totals. */
type ShiftRow = ShiftCategory | null;

export function shiftDef(counts: ShiftCounts, direction: ShiftDirection): TableDef<ShiftRow> {
  const count = (b: ShiftRow, w: ShiftCategory | null) => {
    const bs = b === null ? SHIFT_CATEGORIES : [b];
    const ws = w === null ? SHIFT_CATEGORIES : [w];
    return sum(bs.flatMap((x) => ws.map((y) => counts[x][y])));
  };
  const columns: TableColumn<ShiftRow>[] = [
    { id: "baseline", header: "Baseline", value: (b) => (b === null ? "Total" : SHIFT_NAME[b]) },
    ...SHIFT_CATEGORIES.map(
      (w): TableColumn<ShiftRow> => ({
        id: w,
        header: `${SHIFT_TITLE[direction]}: ${SHIFT_NAME[w]}`,
        type: "number",
        value: (b) => count(b, w),
      }),
    ),
    { id: "total", header: "Total", type: "number", value: (b) => count(b, null) },
  ];
  return { columns, rows: [...SHIFT_CATEGORIES, null] };
}

/** A shift table's ID among the exports: "low-0", the lowest-category table of the first unit. */
export const shiftTableArgument = (direction: ShiftDirection, index: number) => `${direction}-${index}`;

// What the chosen test's results listing shows, in words: its quick choice and the narrowing the charts and shift
// tables led to (a unit, a visit, a shift-table cell), each with the query that removes it. The page's caption and
// its export's title are the same words.

const CATEGORY = { L: "low (L)", N: "normal (N)", H: "high (H)", M: "missing" } as const;

/** The part of the results a listing is narrowed to, in words (query.ts, PHASE_CHOICES). */
export const PHASE_TEXT: Record<PhaseChoice, string> = {
  baseline: "each subject's baseline result",
  "baseline-first-dose": "the baseline results found from the first dose",
  "baseline-fallback": "the baseline results found by visit name (no known first dose)",
  after: "the results counted after baseline",
  late: "the results after the on-treatment window",
};

export function listingNarrowing(test: ChosenTest): { text: string; without: Partial<LabQuery> }[] {
  const { choice } = test;
  const narrowing: { text: string; without: Partial<LabQuery> }[] = [];
  if (choice.unit !== undefined)
    narrowing.push({ text: `unit ${unitLabel(choice.unit)}`, without: { unit: undefined, shift: null } });
  if (choice.visit !== undefined)
    narrowing.push({ text: `visit ${visitLabel(choice.visit)}`, without: { visit: undefined } });
  if (choice.shift) {
    const { direction, baseline, worst } = choice.shift;
    // A total names only the category it fixes; the grand total is every subject of the table.
    const parts = [
      ...(baseline ? [`baseline ${CATEGORY[baseline]}`] : []),
      ...(worst ? [`${direction}est category after baseline ${CATEGORY[worst]}`] : []),
    ];
    const which = parts.length ? ` with ${parts.join(" and ")}` : ` of the ${direction}est-category shift table`;
    narrowing.push({ text: `the ${test.shiftSubjects} subjects${which}`, without: { shift: null } });
  }
  if (choice.phase) narrowing.push({ text: PHASE_TEXT[choice.phase], without: { phase: null } });
  return narrowing;
}

export function resultsCaption(test: ChosenTest): string {
  const narrowing = listingNarrowing(test);
  const narrowed = narrowing.length ? `: ${narrowing.map((n) => n.text).join(", ")}` : "";
  return `${RESULT_CHOICE_LABEL[test.choice.show]} of ${test.name}${narrowed}`;
}

/** What the listing of a data note's results holds, which its caption and its export's title say. */
export const issueListingOf = (study: string) => `laboratory results of study ${study}, every test`;
