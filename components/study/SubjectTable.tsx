/** The subject list's content inside its section frame: the table, or a word when the study has no subjects yet. */
import { DataTable } from "@/components/data-table/DataTable";
import { csvFileName } from "@/lib/export/csv";
import type { SubjectListView } from "@/lib/study-views/load-subject-list";
import { SUBJECT_LIST_COLUMNS } from "@/lib/study-views/subject-list-columns";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { subjectHref } from "./sections";

const PROFILE = "profile__href";

// A subject ID opens the subject's profile, carrying the list's view so that previous and next follow its order.
const COLUMNS: DataColumn[] = SUBJECT_LIST_COLUMNS.map(({ id, header, type }) =>
  id === "subjectId" ? { id, header, type, href: PROFILE, carryQuery: true } : { id, header, type },
);

export function SubjectTable({ view, study, studyHref }: { view: SubjectListView; study: string; studyHref: string }) {
  // Only rows reach the client; credentials never do. A row without a Patient has no profile to open.
  const rows: DataRow[] = view.rows.map((r) => ({
    ...r,
    [PROFILE]: r.subjectId === "" ? null : subjectHref(studyHref, r.subjectId),
  }));
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
