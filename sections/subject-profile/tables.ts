/**
 * A subject profile's exportable tables, and those of its records as the page shows them and their exports write
 * them: the subject's adverse events, medications and response assessments (rows made once per subject, the links
 * added per request) and the laboratory grid with every visit. Its charts' data tables are their own: the
 * timeline's plotted items (./timeline-table.ts), the trend's plotted values (./trend-table.ts). No imports of
 * React: the server builds the rows.
 */

import { displayUnit } from "@/lib/clinical/common/units";
import type { GridRow, LabGrid } from "@/lib/clinical/laboratory/grid";
import { REVIEW_COLUMN } from "@/lib/review/review-argument";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";
import { responseAssessmentHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { aeRows, assessmentRows, medicationRows } from "@/sections/frame/record-rows";
import type { SubjectProfile } from "./load";
import { RECORD_TABLES } from "./query";
import { ofDayOne } from "./subject-memo";

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
  // The Review column comes first on the page (docs/review.md): the page's links keep its filter.
  columns: [REVIEW_COLUMN, ...COLUMNS[kind].map((c) => c.id)],
  pageSizes: [...DEFAULT_PAGE_SIZES],
  prefix: RECORD_TABLES[kind].prefix,
}));

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

/** The records each table's rows are, and the row property holding each one's key (docs/review.md). */
const RECORDS: Record<RecordKind, NonNullable<PlainTable["records"]>> = {
  adverseEvents: { recordType: "AdverseEvent", keyProperty: "key" },
  medications: { recordType: "MedicationStatement", keyProperty: "id" },
  assessments: { recordType: "DiagnosticReport", keyProperty: "key" },
};

export function recordTable(view: SubjectProfile, kind: RecordKind, studyHref: string): PlainTable {
  const rows = recordRows(view, kind, studyHref);
  return {
    caption: `${RECORD_TITLE[kind]} of subject ${view.subject.subjectId} (${rows.length})`,
    columns: COLUMNS[kind],
    rows,
    urlPrefix: RECORD_TABLES[kind].prefix,
    countStated: true,
    records: RECORDS[kind],
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
