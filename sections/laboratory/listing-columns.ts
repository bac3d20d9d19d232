/**
 * The columns of a chosen test's results listing (./listing.ts) as its page shows them and its export writes them:
 * the frame's columns of a result (sections/frame/measurement-columns.ts), then the part the result plays in the
 * shift tables, its ×ULN and its CTCAE v5.0 grade and term (docs/clinical-rules.md, Listing).
 */
import type { LabGrade } from "@/lib/clinical/laboratory/ctcae";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { measurementDef } from "@/sections/frame/measurement-columns";
import type { LabListingRow } from "./listing";

/** The part of a result in words; a numeric result of a subject that takes no part is undated. */
export function phaseText(row: Pick<LabListingRow, "phase" | "value" | "subjectId">): string {
  switch (row.phase) {
    case "baseline":
      return "baseline";
    case "before":
      return "before baseline: not used";
    case "after":
      return "after baseline";
    case "late":
      return "after the on-treatment window: not counted";
    default:
      return row.value !== null && row.subjectId !== null ? "no part: no date" : "";
  }
}

/** The term of a grade, how it was reached, or why there is none; empty for a test CTCAE does not grade here. */
export function gradeTerm(grade: LabGrade | null): string | null {
  if (grade === null) return null;
  if (grade.grade === null) return `not graded: ${grade.reason}`;
  if (grade.term === null) return null;
  return grade.byBaseline ? `${grade.term} (× baseline)` : grade.term;
}

const LAB_COLUMNS: TableColumn<LabListingRow>[] = [
  { id: "part", header: "Part in the shift tables", value: phaseText },
  {
    id: "xuln",
    header: "×ULN",
    description: "The value over the upper limit of its own record's reference range, to two decimals",
    type: "number",
    decimals: 2,
    value: (r) => r.timesUln,
  },
  {
    id: "grade",
    header: "CTCAE v5.0 grade",
    variable: "LBTOXGR",
    type: "number",
    value: (r) => r.grade?.grade ?? null,
  },
  { id: "term", header: "CTCAE v5.0 term", value: (r) => gradeTerm(r.grade) },
];

/** The listing of a test's results: the frame's columns and the laboratory's own. */
export function labListingDef(rows: readonly LabListingRow[], studyHref: string): TableDef<LabListingRow> {
  const frame = measurementDef(rows, studyHref);
  const columns = [...frame.columns, ...LAB_COLUMNS];
  return {
    columns,
    rows,
    state: { ...frame.state!, columns: columns.map((c) => c.id) },
    records: { recordType: "laboratory", key: (r) => r.id },
  };
}
