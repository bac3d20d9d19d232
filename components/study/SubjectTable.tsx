/** The subject list's content inside its section frame: the table, or a word when the study has no subjects yet. */
import { DataTable } from "@/components/data-table/DataTable";
import { csvFileName } from "@/lib/export/csv";
import type { SubjectListView } from "@/lib/study-views/load-subject-list";
import type { DataColumn, DataRow } from "@/lib/tables/types";

const COLUMNS: DataColumn[] = [
  { id: "subjectId", header: "Subject ID" },
  { id: "subjectStudyNumber", header: "Subject study number" },
  { id: "sex", header: "Sex" },
  { id: "birthYear", header: "Birth year", type: "number" },
  { id: "race", header: "Race" },
  { id: "ethnicity", header: "Ethnicity" },
  { id: "adverseEvents", header: "Adverse events", type: "number" },
  { id: "assessments", header: "Response assessments", type: "number" },
  { id: "note", header: "Note" },
];

export function SubjectTable({ view, study }: { view: SubjectListView; study: string }) {
  // Only rows reach the client; credentials never do.
  const rows: DataRow[] = view.rows.map((r) => ({ ...r }));
  if (rows.length === 0)
    return <p>The partner service lists no subjects in study {study} yet. Press Refresh later to check again.</p>;
  return (
    <DataTable
      caption={`Subjects of study ${study} (${rows.length})`}
      columns={COLUMNS}
      rows={rows}
      fileName={csvFileName("subjects", study)}
    />
  );
}
