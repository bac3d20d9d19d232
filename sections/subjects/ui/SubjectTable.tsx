/** The subject list's content inside its section frame: the table, or a word when the study has no subjects yet. */
import { DataTable } from "@/components/data-table/DataTable";
import { derived } from "@/lib/study/derived";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SubjectListView } from "@/lib/study/subject-list";
import { SUBJECT_LIST_COLUMNS, subjectListDef } from "@/lib/study/subject-list-columns";
import { packRows, packTable } from "@/lib/tables/packed-rows";
import { plainRows } from "@/lib/tables/table-def";
import type { DataColumn } from "@/lib/tables/types";
import { pageReview, reviewedPlainTable } from "@/sections/frame/reviewed-table";
import { isStudyFiltered, parseStudyFilter } from "@/sections/frame/study-filter";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { NoRecordsYet } from "@/sections/frame/ui/NoRecordsYet";
import { ReviewedTable } from "@/sections/frame/ui/ReviewedTable";
import { subjectLinksAround } from "../query";
import { SUBJECT_LIST_TABLES, subjectListCaption } from "../tables";
import { SubgroupFilter } from "./SubgroupFilter";

/** The row's one part of all its addresses: its subject ID, encoded (as a path segment and as a parameter alike). */
const SUBJECT = "subject__href";

/**
 * A subject ID opens the subject's profile, carrying the list's order and filters so that previous and next follow
 * them; each count but 0 opens the records it counts: the subject's adverse events in the study's listing, its
 * assessments in its profile. A row holds only its subject's part of the addresses, once; each column holds the
 * rest of its own (DataColumn.hrefAround).
 */
function columnsOf(studyHref: string): DataColumn[] {
  const around = subjectLinksAround(studyHref);
  const links = new Map<string, Partial<DataColumn>>([
    ["subjectId", { href: SUBJECT, hrefAround: around.profile, carryQuery: true }],
    ["adverseEvents", { href: SUBJECT, hrefAround: around.adverseEvents, plainAtZero: true }],
    ["assessments", { href: SUBJECT, hrefAround: around.assessments, plainAtZero: true }],
  ]);
  return SUBJECT_LIST_COLUMNS.map(({ id, header, type, priority, nowrap }) => ({
    id,
    header,
    type,
    priority,
    nowrap,
    ...links.get(id),
  }));
}

interface Props {
  view: SubjectListView;
  study: string;
  studyHref: string;
  /** The page's search parameters: the study filter the subgroup form shows. */
  searchParams?: URLSearchParams;
}

export function SubjectTable({ view, study, studyHref, searchParams = new URLSearchParams() }: Props) {
  const filter = parseStudyFilter(searchParams);
  const form = <SubgroupFilter rows={view.rows} filter={filter} studyHref={studyHref} />;
  if (view.rows.length === 0) return isStudyFiltered(filter) ? form : <NoRecordsYet records="subjects" study={study} />;
  return (
    <>
      {form}
      <HowComputed gist="the Group's members, then the Patients outside it">
        <Convention anchor="the-subject-list">
          The Group&apos;s members first, then the Patients outside it; the counts are records, each adverse event once
          by its key, whatever its grade or start.
        </Convention>
      </HowComputed>
      <ListTable view={view} study={study} studyHref={studyHref} />
    </>
  );
}

type ListProps = Omit<Props, "searchParams">;

/** In a section page, the list is reviewed there (docs/review.md): each subject's Patient record, its Review column. */
function ListTable(props: ListProps) {
  const reviewer = pageReview();
  if (reviewer) return <ReviewedList {...props} reviewer={reviewer} />;
  return (
    <DataTable
      caption={subjectListCaption(props.study, props.view.rows.length)}
      columns={columnsOf(props.studyHref)}
      rows={packedRows(props.view)}
      exportAs={SUBJECT_LIST_TABLES.key("list")}
      // The caption says how many subjects the list holds.
      countStated
    />
  );
}

async function ReviewedList({ view, study, studyHref, reviewer }: ListProps & { reviewer: UserStudy }) {
  const table = await reviewedPlainTable(
    {
      caption: subjectListCaption(study, view.rows.length),
      columns: columnsOf(studyHref),
      rows: listRows(view),
      records: { recordType: "Patient", keyProperty: "subjectId" },
    },
    reviewer,
  );
  const exportAs = SUBJECT_LIST_TABLES.key("list");
  return (
    <ReviewedTable recordType="Patient" exportAs={exportAs} shown={null} canMark={reviewer.past === undefined}>
      <DataTable {...packTable(table)} exportAs={exportAs} countStated />
    </ReviewedTable>
  );
}

/**
 * The list's rows as the browser's table takes them, packed once per cached list: a row holds no part of the
 * connection's address (the columns hold that), so every visit to the same cached list sends the same text.
 */
function packedRows(view: SubjectListView) {
  return derived("subject list, packed for the browser", [view.rows], () => packRows(listRows(view)));
}

/** The list's plain rows, each with its subject's part of the addresses. */
function listRows(view: SubjectListView) {
  // Only rows reach the client; credentials never do. A row without a Patient has no profile to open.
  // encodeURIComponent's text decodes to the same ID in a path and in a parameter (`+` is written %2B).
  return plainRows(subjectListDef(view), (r) => ({
    [SUBJECT]: r.subjectId === "" ? null : encodeURIComponent(r.subjectId),
  }));
}
