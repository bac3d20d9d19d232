/**
 * The subject list's columns, one definition for both its tables: the
 * browser's DataTable (sections/subjects/ui/SubjectTable.tsx) and the server's
 * ordering of the same URL state, which a subject's profile uses to find the
 * previous and next subject in the order the user chose.
 */
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { REVIEW_COLUMN } from "@/lib/review/review-argument";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef, TableRecords } from "@/lib/tables/table-def";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "@/lib/tables/url-state";
import type { SubjectListView } from "./subject-list";

export const SUBJECT_LIST_COLUMNS: readonly TableColumn<SubjectListRow>[] = [
  {
    id: "subjectId",
    header: "Subject ID",
    variable: "SUBJID",
    value: (r) => r.subjectId,
    priority: "key",
    nowrap: true,
  },
  { id: "subjectStudyNumber", header: "Subject study number", value: (r) => r.subjectStudyNumber, nowrap: true },
  { id: "sex", header: "Sex", variable: "SEX", value: (r) => r.sex },
  { id: "birthYear", header: "Birth year", type: "number", value: (r) => r.birthYear },
  { id: "race", header: "Race", variable: "RACE", value: (r) => r.race },
  { id: "ethnicity", header: "Ethnicity", variable: "ETHNIC", value: (r) => r.ethnicity },
  { id: "adverseEvents", header: "Adverse events", type: "number", value: (r) => r.adverseEvents, priority: "key" },
  { id: "assessments", header: "Response assessments", type: "number", value: (r) => r.assessments, priority: "key" },
  { id: "note", header: "Note", value: (r) => r.note, priority: "key" },
];

/**
 * The subject list's URL state: its own parameters, without a prefix (sort, q, f_*, page, size), its review
 * column's among them (docs/review.md), which a table without that column ignores.
 */
export const SUBJECT_LIST_STATE: UrlStateOptions = {
  columns: [REVIEW_COLUMN, ...SUBJECT_LIST_COLUMNS.map((c) => c.id)],
  pageSizes: [...DEFAULT_PAGE_SIZES],
};

/** A row's record: the subject's Patient, by its subject ID; a row without a Patient has none to review. */
export const SUBJECT_RECORDS: TableRecords<SubjectListRow> = {
  recordType: "Patient",
  key: (r) => (r.subjectId === "" ? null : r.subjectId),
};

/** The subject list as its page shows it and its export writes it. */
export const subjectListDef = (view: SubjectListView): TableDef<SubjectListRow> => ({
  columns: SUBJECT_LIST_COLUMNS,
  rows: view.rows,
  state: SUBJECT_LIST_STATE,
  records: SUBJECT_RECORDS,
});
