/**
 * A subject profile's tables as the page shows them and their exports write them: the subject's adverse events,
 * medications and response assessments (rows made once per subject, the links added per request), the laboratory
 * grid with every visit, and the data tables of its charts (the timeline's plotted items, the trend's plotted
 * values). No imports of React: the server builds the rows, the charts (client components) their data tables.
 */

import { chartTable } from "@/components/charts/chart-table";
import { ULN_MEANING } from "@/components/data-table/abbreviations";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { displayDateTime } from "@/lib/clinical/common/date-time";
import { displayUnit, unitOrNone } from "@/lib/clinical/common/units";
import { type GridRow, type LabGrid, labGrid } from "@/lib/clinical/laboratory/grid";
import type { Trend } from "@/lib/clinical/subjects/trend-series";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";
import { responseAssessmentHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { aeRows, assessmentRows, medicationRows } from "@/sections/frame/record-rows";
import type { SubjectProfile } from "./load";
import { RECORD_TABLES, TIMELINE_CHART, TREND_CHART } from "./query";
import { laneNames, timelineItems } from "./ui/timeline-items";
import type { TimelineItem } from "./ui/timeline-targets";

/** The section's exportable tables (the subject is the page's path's). */
export const SUBJECT_PROFILE_TABLES = exportKeys("subject", [
  "lab-grid",
  "adverse-events",
  "medications",
  "assessments",
  "timeline",
  "trend",
]);

// The subject's records.

export type RecordKind = "adverseEvents" | "medications" | "assessments";

export const RECORD_TITLE: Record<RecordKind, string> = {
  adverseEvents: "Adverse events",
  medications: "Medications",
  assessments: "Response assessments",
};

/** Each kind of record's table ID. */
export const RECORD_TABLE_ID = {
  adverseEvents: "adverse-events",
  medications: "medications",
  assessments: "assessments",
} as const satisfies Record<RecordKind, (typeof SUBJECT_PROFILE_TABLES.ids)[number]>;

const num = "number" as const;

export const AE_COLUMNS: DataColumn[] = [
  { id: "key", header: "AE ID" },
  { id: "term", header: "Term" },
  { id: "grade", header: "Grade", type: num },
  { id: "ctcaeVersion", header: "CTCAE version" },
  { id: "start", header: "Start" },
  { id: "startDay", header: "Start day", type: num },
  { id: "end", header: "End" },
  { id: "endDay", header: "End day", type: num },
  { id: "duration", header: "Duration (days)", type: num },
  { id: "ongoing", header: "Ongoing" },
  { id: "outcome", header: "Outcome" },
  { id: "causality", header: "Causality" },
  { id: "suspectProduct", header: "Suspect product" },
  { id: "verified", header: "Verified" },
  { id: "flags", header: "Flags" },
];

export const MEDICATION_COLUMNS: DataColumn[] = [
  { id: "drug", header: "Medication" },
  { id: "study", header: "Study medication" },
  { id: "dose", header: "Dose" },
  { id: "doseUnit", header: "Unit" },
  { id: "route", header: "Route" },
  { id: "method", header: "Method" },
  { id: "directions", header: "Directions" },
  { id: "start", header: "Start" },
  { id: "startDay", header: "Start day", type: num },
  { id: "end", header: "End" },
  { id: "endDay", header: "End day", type: num },
  { id: "sourceType", header: "Source type" },
];

export const ASSESSMENT_COLUMNS: DataColumn[] = [
  // Each opens the subject's tumour response page, at that assessment recomputed.
  { id: "key", header: "Assessment ID", href: "responseHref" },
  { id: "date", header: "Date" },
  { id: "studyDay", header: "Study day", type: num },
  { id: "name", header: "Timepoint" },
  { id: "targetSum", header: "Target sum", type: num },
  { id: "unit", header: "Unit" },
  { id: "changeFromBaseline", header: "Change from baseline" },
  { id: "conclusion", header: "Conclusion (as signed)" },
];

const COLUMNS: Record<RecordKind, DataColumn[]> = {
  adverseEvents: AE_COLUMNS,
  medications: MEDICATION_COLUMNS,
  assessments: ASSESSMENT_COLUMNS,
};

/** The record tables' URL state (each its own prefix: ./query.ts), which the page's links keep. */
export const RECORD_TABLE_STATES: readonly UrlStateOptions[] = (
  ["adverseEvents", "medications", "assessments"] as const
).map((kind) => ({
  columns: COLUMNS[kind].map((c) => c.id),
  pageSizes: [...DEFAULT_PAGE_SIZES],
  prefix: RECORD_TABLES[kind].prefix,
}));

/** A value of the subject computed once per anchor of day 1 (its study days differ from one to the other). */
const ofDayOne = (view: SubjectProfile, name: string) => `${name}, day 1 at ${view.dayOne}`;

function recordRows(view: SubjectProfile, kind: RecordKind, studyHref: string): DataRow[] {
  const reference = view.reference?.date ?? null;
  const memo = <T>(name: string, compute: () => T) => view.memo(ofDayOne(view, name), compute);
  if (kind === "adverseEvents") return memo("adverse-event rows", () => aeRows(view.adverseEvents, reference));
  if (kind === "medications")
    return memo("medication rows", () => medicationRows(view.medications, view.products, reference));
  // The links are added per request: the memo is shared by every connection to the partner, each its own address.
  const id = view.subject.subjectId;
  return memo("assessment rows", () => assessmentRows(view.assessments, reference)).map((r) => ({
    ...r,
    responseHref: responseAssessmentHref(studyHref, id, String(r.key)),
  }));
}

export function recordTable(view: SubjectProfile, kind: RecordKind, studyHref: string): PlainTable {
  const rows = recordRows(view, kind, studyHref);
  return {
    caption: `${RECORD_TITLE[kind]} of subject ${view.subject.subjectId} (${rows.length})`,
    columns: COLUMNS[kind],
    rows,
    urlPrefix: RECORD_TABLES[kind].prefix,
    countStated: true,
  };
}

// The laboratory grid (./ui/LabGrid.tsx) as its export writes it: every visit, not a page of them; a row per test,
// a column per visit (its name and date), each cell as the grid writes it (the value with its flag, several results
// of one visit together).

export const labGridCaption = (subject: string, grid: LabGrid) =>
  `Laboratory results of subject ${subject} by visit (${grid.rows.length} tests, ${grid.columns.length} visits)`;

export function labGridDef(grid: LabGrid): TableDef<GridRow> {
  const columns: TableColumn<GridRow>[] = [
    { id: "test", header: "Test", variable: "LBTEST", value: (r) => r.test },
    { id: "code", header: "Service code", value: (r) => r.code },
    // The test's unit once, for cells that give the number alone (lib/clinical/laboratory/grid.ts).
    {
      id: "units",
      header: "Units",
      value: (r) => r.units.map((u) => (u === null ? "no unit" : displayUnit(u))).join(", "),
    },
    ...grid.columns.map(
      (c, i): TableColumn<GridRow> => ({
        id: `v${i}`,
        header: `${c.visit ?? "(no visit)"} (${c.date ?? "no date"})`,
        value: (r) => r.cells[i]?.text ?? null,
      }),
    ),
  ];
  return { columns, rows: grid.rows };
}

// The timeline's data table (./ui/SubjectTimeline.tsx): exactly the plotted items.

export const TIMELINE_TITLE = "Timeline in study days";

/** The timeline's items and lanes, once per subject; null without a timeline (no dated record). */
export function timelineOf(view: SubjectProfile): { items: TimelineItem[]; lanes: string[] } | null {
  const { timeline } = view;
  if (!view.reference || !timeline) return null;
  return {
    items: view.memo(ofDayOne(view, "timeline items"), () =>
      // The grid as the laboratory section below has it (one memo): a laboratory visit opens its column there.
      timelineItems(timeline, { ...view, gridColumns: view.memo("lab grid", () => labGrid(view.labs)).columns }),
    ),
    lanes: view.memo(ofDayOne(view, "timeline lanes"), () => laneNames(timeline)),
  };
}

const TIMELINE_COLUMNS: DataColumn[] = [
  { id: "lane", header: "Lane" },
  { id: "series", header: "Series" },
  { id: "label", header: "Label" },
  { id: "record", header: "Record" },
  { id: "startDay", header: "Start day", type: "number" },
  { id: "endDay", header: "End day", type: "number" },
  { id: "ending", header: "End" },
  { id: "from", header: "Drawn from day", type: "number" },
  { id: "to", header: "Drawn to day", type: "number" },
];

/** The timeline's data table: exactly the plotted items. */
export function timelineTable(items: TimelineItem[], lanes: string[]): PlainTable {
  const rows: DataRow[] = items.map((it) => ({
    lane: lanes[it.lane],
    series: it.series,
    label: it.label,
    record: it.record,
    startDay: it.startDay,
    endDay: it.endDay,
    ending: it.ending,
    from: it.from,
    to: it.to,
  }));
  return chartTable(TIMELINE_CHART, TIMELINE_TITLE, TIMELINE_COLUMNS, rows);
}

// The trend chart's data, one click away: a row per plotted point (its series, time, plotted value, flag and the
// band drawn for its record) and a row per adverse-event onset marked on the time axis.

export const AE_SERIES = "Adverse-event onset";

export function trendColumns(trend: Trend): DataColumn[] {
  const uln = trend.scale === "uln";
  const tip = uln ? ULN_MEANING : undefined;
  return [
    { id: "series", header: "Series" },
    // The site's time as sent, without an offset (docs/design.md, Dates and times).
    { id: "collectedAt", header: "Collected (site time) or AE start" },
    { id: "visit", header: "Visit" },
    { id: "value", header: uln ? "Plotted ×ULN" : "Plotted value", type: "number", description: tip },
    ...(uln ? [{ id: "result", header: "Result", type: "number" as const }] : []),
    { id: "unit", header: "Unit" },
    { id: "flag", header: "Flag" },
    { id: "bandLow", header: uln ? "Band low (×ULN)" : "Band low", type: "number", description: tip },
    { id: "bandHigh", header: uln ? "Band high (×ULN)" : "Band high", type: "number", description: tip },
    { id: "range", header: "Reference range" },
    { id: "event", header: "Adverse event" },
    { id: "record", header: "Record" },
  ];
}

export function trendRows(trend: Trend, onsets: readonly AeOnset[]): DataRow[] {
  const rows: DataRow[] = [];
  for (const s of trend.series)
    for (const p of s.points)
      rows.push({
        series: s.label,
        collectedAt: displayDateTime(p.collectedAt),
        visit: p.visit,
        value: p.value,
        ...(trend.scale === "uln" ? { result: p.raw } : {}),
        unit: p.unit === null ? null : unitOrNone(p.unit),
        flag: p.flag === "H" || p.flag === "L" ? p.flag : null,
        bandLow: p.band?.low ?? null,
        bandHigh: p.band?.high ?? null,
        range: p.range,
        event: null,
        record: p.id,
      });
  for (const o of onsets)
    rows.push({
      series: AE_SERIES,
      collectedAt: displayDateTime(o.start),
      visit: null,
      value: null,
      ...(trend.scale === "uln" ? { result: null } : {}),
      unit: null,
      flag: null,
      bandLow: null,
      bandHigh: null,
      range: null,
      event: `${o.term}${o.grade === null ? ", grade missing" : `, grade ${o.grade}`}`,
      record: o.key,
    });
  return rows;
}

export const trendTitle = (trend: Trend, subject: string) =>
  `${trend.test} of subject ${subject}, ${trend.scale === "uln" ? "× ULN" : "raw values"}`;

/** The chart's data table: every plotted point and onset. */
export function trendTable(trend: Trend, onsets: readonly AeOnset[], subject: string): PlainTable {
  return chartTable(TREND_CHART, trendTitle(trend, subject), trendColumns(trend), trendRows(trend, onsets));
}
