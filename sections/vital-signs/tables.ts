/**
 * The vital-signs section's tables as the page shows them and their exports write them: the chosen group's
 * summary by visit (numbers, or counts per text), its distribution chart's boxes, and the listing of its records
 * with the exact filters a summary's count chose, in words. A summary counts subjects, one reading each per visit
 * (lib/clinical/vital-signs/readings.ts); every count opens the listing filtered to the group and visit (and to the
 * text, the flag, or the records with a range it counts), and to the readings counted where the group has records
 * its summary leaves out; the listing says of each record whether it is counted. Numbers are rounded for
 * display (lib/clinical/vital-signs/stats.ts, roundSummary); the chart plots the same ones. A plain module: the
 * distribution chart (a client component) reads it too.
 */

import { BOX_COLUMNS, boxTableRow } from "@/components/charts/box-columns";
import { chartTable } from "@/components/charts/chart-table";
import { calendarDate } from "@/lib/clinical/common/dates";
import { displayUnit } from "@/lib/clinical/common/units";
import { resultFlag } from "@/lib/clinical/laboratory/reference-range";
import type { BoxStats } from "@/lib/clinical/laboratory/stats";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import type { LeftOutReason } from "@/lib/clinical/vital-signs/readings";
import { roundSummary, roundTo } from "@/lib/clinical/vital-signs/stats";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { exportKeys } from "@/sections/frame/export-keys";
import { subjectColumn } from "@/sections/frame/subject-column";
import type { VitalSignsView } from "./load";
import { DISTRIBUTION_ID, LISTING_PREFIX, SUMMARY_PREFIX, visitListingHref } from "./query";

const NO_VISIT = "(no visit)";
const NO_RESULT = "(no result)";

/** The listing's words for a record the summary counts, and for one it leaves out. */
export const COUNTED = "yes";
export const LEFT_OUT: Record<LeftOutReason, string> = {
  "earlier reading": "no: a later reading of the subject at this visit is counted",
  "no subject": "no: names no subject",
};

const inSummary = (why: LeftOutReason | undefined) => (why === undefined ? COUNTED : LEFT_OUT[why]);

/** The counts' links open the readings counted only where the group has records its summary leaves out. */
const countedOnly = (g: VitalGroupSummary) => (g.leftOut.size > 0 ? true : undefined);

/** The section's exportable tables. */
export const VITAL_TABLES = exportKeys("vital-signs", ["summary", "distribution", "listing", "issue"]);

interface SummaryTable {
  columns: DataColumn[];
  rows: DataRow[];
}

export function vitalSummaryTable(g: VitalGroupSummary, base: string): PlainTable {
  const label = vitalGroupLabel(g);
  const table = g.kind === "number" ? numberSummaryTable(base, g) : textSummaryTable(base, g);
  const caption =
    g.kind === "number"
      ? `${label} by visit (visits in schedule order)`
      : `${label}: subjects per text and visit (visits in schedule order)`;
  return { caption, ...table, urlPrefix: SUMMARY_PREFIX };
}

export function numberSummaryTable(base: string, g: VitalGroupSummary): SummaryTable {
  const decimals = g.numbers?.decimals ?? 0;
  const ranges = g.withRangeText > 0;
  const columns: DataColumn[] = [
    { id: "visit", header: "Visit" },
    { id: "n", header: "n", type: "number", href: "n_href" },
    { id: "mean", header: "Mean", type: "number" },
    { id: "sd", header: "SD", type: "number" },
    { id: "median", header: "Median", type: "number" },
    { id: "min", header: "Min", type: "number" },
    { id: "max", header: "Max", type: "number" },
    ...(ranges
      ? ([
          { id: "withRange", header: "With a range", type: "number", href: "range_href" },
          { id: "low", header: "Below range (L)", type: "number", href: "low_href" },
          { id: "high", header: "Above range (H)", type: "number", href: "high_href" },
        ] satisfies DataColumn[])
      : []),
  ];
  const counted = countedOnly(g);
  const rows = (g.numbers?.visits ?? []).map((v): DataRow => {
    const s = roundSummary(v.summary, decimals);
    const at = (flag?: "L" | "H") => visitListingHref(base, g, { visit: v.visit, flag, counted });
    return {
      visit: v.visit ?? NO_VISIT,
      n: s.n,
      n_href: at(),
      mean: s.mean,
      sd: s.sd,
      median: s.median,
      min: s.min,
      max: s.max,
      ...(ranges
        ? {
            withRange: v.withRange,
            range_href: v.withRange > 0 ? visitListingHref(base, g, { visit: v.visit, ranged: true, counted }) : null,
            low: v.low,
            low_href: v.low > 0 ? at("L") : null,
            high: v.high,
            high_href: v.high > 0 ? at("H") : null,
          }
        : {}),
    };
  });
  return { columns, rows };
}

function textSummaryTable(base: string, g: VitalGroupSummary): SummaryTable {
  const texts = g.texts?.texts ?? [];
  const columns: DataColumn[] = [
    { id: "visit", header: "Visit" },
    { id: "n", header: "Subjects", type: "number", href: "n_href" },
    ...texts.map((t, i): DataColumn => ({ id: `t${i}`, header: t ?? NO_RESULT, type: "number", href: `t${i}_href` })),
  ];
  const counted = countedOnly(g);
  const rows = (g.texts?.visits ?? []).map((v): DataRow => {
    const n_href = visitListingHref(base, g, { visit: v.visit, counted });
    const row: DataRow = { visit: v.visit ?? NO_VISIT, n: v.n, n_href };
    texts.forEach((t, i) => {
      row[`t${i}`] = v.counts[i];
      row[`t${i}_href`] = v.counts[i] > 0 ? visitListingHref(base, g, { visit: v.visit, value: t, counted }) : null;
    });
    return row;
  });
  return { columns, rows };
}

/**
 * One box per visit, the values rounded as in the summary table (quartiles like the median; the whisker ends and
 * outliers, values of the data, like the min and max).
 */
export interface BoxRow extends BoxStats {
  visit: string;
  n: number;
  /** The listing of the visit's records. */
  href: string;
}

export function boxRows(base: string, g: VitalGroupSummary): BoxRow[] {
  const decimals = g.numbers?.decimals ?? 0;
  return (g.numbers?.visits ?? []).map((v) => {
    const { n, min, q1, median, q3, max } = roundSummary(v.summary, decimals);
    const { whiskerLow, whiskerHigh, outliers } = v.whiskers;
    const [low, high] = [roundTo(whiskerLow, decimals), roundTo(whiskerHigh, decimals)];
    const href = visitListingHref(base, g, { visit: v.visit, counted: countedOnly(g) });
    const rounded = outliers.map((o) => roundTo(o, decimals));
    const box = { min, whiskerLow: low, q1, median, q3, whiskerHigh: high, max, outliers: rounded };
    return { visit: v.visit ?? NO_VISIT, n, ...box, href };
  });
}

const BOX_TABLE_COLUMNS: DataColumn[] = [{ id: "visit", header: "Visit" }, ...BOX_COLUMNS];

export const distributionTitle = (label: string) => `Distribution of ${label} by visit`;

/** The distribution chart's data table: the boxes as plotted, without their links. */
export function distributionTable(title: string, rows: BoxRow[]): PlainTable {
  const plotted: DataRow[] = rows.map(({ href: _, ...box }) => boxTableRow(box));
  return chartTable(DISTRIBUTION_ID, title, BOX_TABLE_COLUMNS, plotted);
}

export function vitalDistribution(g: VitalGroupSummary, base: string): PlainTable {
  return distributionTable(distributionTitle(vitalGroupLabel(g)), boxRows(base, g));
}

/**
 * The listing's columns, read from the cached rows on the server (lib/tables/server-table.ts): the subject leads
 * to its profile, the result is the number (or, for a text group, the text), and the flag is the result against
 * its own record's range, blank where it has none. A numeric group holds one unit, which its value's header says
 * once ("Value (mmHg)"); a text group's records keep a unit column of their own (docs/clinical-rules.md, Units).
 */
function vitalListingColumns(
  g: Pick<VitalGroupSummary, "kind" | "unit">,
  studyHref: string,
  leftOut: ReadonlyMap<MeasurementRow, LeftOutReason>,
): TableColumn<MeasurementRow>[] {
  return [
    subjectColumn(studyHref),
    { id: "item", header: "Item", variable: "VSTEST", value: (r) => r.test },
    { id: "visit", header: "Visit", variable: "VISIT", value: (r) => r.visit ?? NO_VISIT },
    // The partner's date as a calendar date; a date that cannot be read is shown as sent.
    { id: "date", header: "Date", variable: "VSDTC", value: (r) => calendarDate(r.collectedAt) ?? r.collectedAt },
    ...resultColumns(g),
    { id: "range", header: "Reference range", value: (r) => r.range },
    { id: "flag", header: "Flag (L/N/H)", value: (r) => resultFlag(r.value, r.range) },
    { id: "counted", header: "In the summary", value: (r) => inSummary(leftOut.get(r)) },
  ];
}

/** The number under its group's one unit ("Value (mmHg)"), or the text with each record's unit. */
function resultColumns(g: Pick<VitalGroupSummary, "kind" | "unit">): TableColumn<MeasurementRow>[] {
  if (g.kind === "number") {
    const unit = g.unit === null ? "no unit" : displayUnit(g.unit);
    return [{ id: "result", header: `Value (${unit})`, variable: "VSORRES", type: "number", value: (r) => r.value }];
  }
  return [
    { id: "result", header: "Result (text)", variable: "VSORRES", value: (r) => r.text ?? NO_RESULT },
    { id: "unit", header: "Unit", variable: "VSORRESU", value: (r) => r.unit && displayUnit(r.unit) },
  ];
}

export function vitalListingDef(
  view: VitalSignsView,
  g: VitalGroupSummary,
  studyHref: string,
): TableDef<MeasurementRow> {
  const columns = vitalListingColumns(g, studyHref, g.leftOut);
  const state = { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: LISTING_PREFIX };
  return { columns, rows: view.listing, state };
}

/** The listing's exact filters in words: "of visit Week 2", "of result "normal"". */
export function listingNarrowing(filter: VitalSignsView["filter"]): string[] {
  const { visit, value, ranged, counted } = filter;
  return [
    visit !== undefined ? `of visit ${visit ?? NO_VISIT}` : null,
    value !== undefined ? `of result "${value ?? NO_RESULT}"` : null,
    ranged ? "with a reference range that has a bound (flagged L, N or H)" : null,
    counted === true ? "that the summary counts (one reading per subject and visit)" : null,
    counted === false ? "that the summary leaves out" : null,
  ].filter((x) => x !== null);
}

/** The listing's caption, which its export's title repeats. */
export const vitalListingCaption = (label: string, study: string) => `${label} records of study ${study}`;

/** What the listing of a data note's records holds, which its caption and its export's title say. */
export const issueListingOf = (study: string) => `vital signs of study ${study}, every item`;
