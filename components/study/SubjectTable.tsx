/** The subject list's content inside its section frame: the table, or a word when the study has no subjects yet. */
import { DataTable } from "@/components/data-table/DataTable";
import type { SubjectListView } from "@/lib/study-views/load-subject-list";
import { SUBJECT_LIST_COLUMNS, subjectListDef } from "@/lib/study-views/subject-list-columns";
import { plainRows } from "@/lib/tables/table-def";
import type { DataColumn } from "@/lib/tables/types";
import { SUBJECT_ASSESSMENTS_ANCHOR, sectionHref, subjectHref } from "./sections";

/** The study's adverse-event listing narrowed to one subject's events. */
const aeListingOf = (studyHref: string, subjectId: string) =>
  `${sectionHref(studyHref, "adverse-events")}?${new URLSearchParams({ subject: subjectId })}#ae-listing`;

const PROFILE = "profile__href";
const EVENTS = "events__href";
const ASSESSMENTS = "assessments__href";

// A subject ID opens the subject's profile, carrying the list's view so that previous and next follow its order;
// each count opens the records it counts: the subject's adverse events in the study's listing, its assessments in
// its profile.
const LINKS = new Map<string, Partial<DataColumn>>([
  ["subjectId", { href: PROFILE, carryQuery: true }],
  ["adverseEvents", { href: EVENTS }],
  ["assessments", { href: ASSESSMENTS }],
]);
const COLUMNS: DataColumn[] = SUBJECT_LIST_COLUMNS.map(({ id, header, type }) => ({
  id,
  header,
  type,
  ...LINKS.get(id),
}));

export function SubjectTable({ view, study, studyHref }: { view: SubjectListView; study: string; studyHref: string }) {
  // Only rows reach the client; credentials never do. A row without a Patient has no profile to open.
  const rows = plainRows(subjectListDef(view), (r) => {
    const profile = r.subjectId === "" ? null : subjectHref(studyHref, r.subjectId);
    return {
      [PROFILE]: profile,
      [EVENTS]: profile && r.adverseEvents > 0 ? aeListingOf(studyHref, r.subjectId) : null,
      [ASSESSMENTS]: profile && r.assessments > 0 ? `${profile}#${SUBJECT_ASSESSMENTS_ANCHOR}` : null,
    };
  });
  if (rows.length === 0)
    return <p>The partner service lists no subjects in study {study} yet. Press Refresh later to check again.</p>;
  return (
    <DataTable
      caption={`Subjects of study ${study} (${rows.length})`}
      columns={COLUMNS}
      rows={rows}
      exportAs={{ view: "subjects", table: "list" }}
    />
  );
}
