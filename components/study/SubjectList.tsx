/**
 * The subject list section of a study page (a server component): loads the
 * study through the cache, then shows the table, or says what went wrong and
 * what to do next. Only rows reach the client; credentials never do.
 */
import { DataTable } from "@/components/data-table/DataTable";
import type { DataColumn, DataRow } from "@/components/data-table/types";
import { failureOf } from "@/lib/connections/failure";
import { csvFileName } from "@/lib/export/csv";
import type { SubjectListView } from "@/lib/study-views/load-subject-list";
import type { UserStudy } from "@/lib/study-views/open-user-study";
import { errorAdvice } from "./error-advice";
import { DataAsOf, DataQualityNotes, ErrorBox } from "./notices";
import { RefreshButton } from "./RefreshButton";

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

export interface SubjectListProps {
  access: UserStudy;
  /** The load, started by the page so that the progress stream can watch it too. */
  list: Promise<SubjectListView>;
  refreshAction: (form: FormData) => Promise<void>;
  progressUrl: string;
}

export async function SubjectList({ access, list, refreshAction, progressUrl }: SubjectListProps) {
  const refresh = (
    <RefreshButton
      action={refreshAction}
      connectionId={access.connection.id}
      study={access.study}
      progressUrl={progressUrl}
    />
  );
  let view: SubjectListView;
  try {
    view = await list;
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return <ErrorBox advice={errorAdvice(failure, { partnerId: access.connection.partnerId })}>{refresh}</ErrorBox>;
  }
  const rows: DataRow[] = view.rows.map((r) => ({ ...r }));
  return (
    <>
      <DataAsOf asOf={view.asOf}>{refresh}</DataAsOf>
      <DataQualityNotes view={view} />
      {rows.length === 0 ? (
        <p>The partner service lists no subjects in study {access.study} yet. Press Refresh later to check again.</p>
      ) : (
        <DataTable
          caption={`Subjects of study ${access.study} (${rows.length})`}
          columns={COLUMNS}
          rows={rows}
          fileName={csvFileName("subjects", access.study)}
        />
      )}
    </>
  );
}
