/** The subject list's content inside its section frame: the table, or a word when the study has no subjects yet. */
import { DataTable } from "@/components/data-table/DataTable";
import type { SubjectListView } from "@/lib/study-views/load-subject-list";
import { SUBJECT_LIST_COLUMNS, subjectListDef } from "@/lib/study-views/subject-list-columns";
import { plainRows } from "@/lib/tables/table-def";
import type { DataColumn } from "@/lib/tables/types";
import { SUBJECT_ASSESSMENTS_ANCHOR, sectionHref, subjectHref } from "./sections";

const PROFILE = "profile__href";
const EVENTS = "events__href";
const ASSESSMENTS = "assessments__href";

/**
 * A subject ID opens the subject's profile, carrying the list's view so that previous and next follow its order;
 * each count opens the records it counts: the subject's adverse events in the study's listing, its assessments in
 * its profile. A row holds only its subject's part of each address (the columns hold the rest: DataColumn.hrefAround).
 */
function columnsOf(studyHref: string): DataColumn[] {
  const links = new Map<string, Partial<DataColumn>>([
    ["subjectId", { href: PROFILE, hrefAround: [subjectHref(studyHref, ""), ""], carryQuery: true }],
    [
      "adverseEvents",
      { href: EVENTS, hrefAround: [`${sectionHref(studyHref, "adverse-events")}?subject=`, "#ae-listing"] },
    ],
    ["assessments", { href: ASSESSMENTS, hrefAround: [subjectHref(studyHref, ""), `#${SUBJECT_ASSESSMENTS_ANCHOR}`] }],
  ]);
  return SUBJECT_LIST_COLUMNS.map(({ id, header, type }) => ({ id, header, type, ...links.get(id) }));
}

/** A subject ID as the value of a URL parameter (the AE listing's `subject`). */
const asParam = (subjectId: string) => new URLSearchParams({ s: subjectId }).toString().slice("s=".length);

export function SubjectTable({ view, study, studyHref }: { view: SubjectListView; study: string; studyHref: string }) {
  // Only rows reach the client; credentials never do. A row without a Patient has no profile to open.
  const rows = plainRows(subjectListDef(view), (r) => {
    const path = r.subjectId === "" ? null : encodeURIComponent(r.subjectId);
    return {
      [PROFILE]: path,
      [EVENTS]: path && r.adverseEvents > 0 ? asParam(r.subjectId) : null,
      [ASSESSMENTS]: path && r.assessments > 0 ? path : null,
    };
  });
  if (rows.length === 0)
    return <p>The partner service lists no subjects in study {study} yet. Press Refresh later to check again.</p>;
  return (
    <DataTable
      caption={`Subjects of study ${study} (${rows.length})`}
      columns={columnsOf(studyHref)}
      rows={rows}
      exportAs={{ view: "subjects", table: "list" }}
    />
  );
}
