/**
 * Where a subject stands in the subject list as the user left it (sorted,
 * filtered, searched: the list's URL state, carried to the profile): the
 * previous and next subject in that order, and the list's address with the
 * same order and filters, on the page that holds this subject. The order is the server
 * table's (lib/tables/server-table.ts), on the same columns as the list's
 * DataTable (lib/study/subject-list-columns.ts). A study filter in the address
 * (docs/design.md, The study filter) narrows the list walked to the subjects it
 * keeps, as the Subjects section lists them under it; the links carry it on
 * (./ui/SubjectHeader.tsx). With the user's review of the subjects, the list's
 * Review column sorts and filters too: from a list filtered to the subjects not
 * reviewed, next is the next subject not reviewed (docs/review.md).
 */
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import type { RecordTypeReview } from "@/lib/review/record-type-review";
import { reviewColumn } from "@/lib/review/review-column";
import type { StudyData } from "@/lib/study/study-rows";
import { subjectListOf } from "@/lib/study/subject-list";
import { SUBJECT_LIST_COLUMNS, SUBJECT_LIST_STATE, SUBJECT_RECORDS } from "@/lib/study/subject-list-columns";
import { orderedRows, type TableColumn } from "@/lib/tables/server-table";
import { type ParamSource, parseTableState, serializeTableState } from "@/lib/tables/url-state";
import { filteredStudy } from "@/sections/frame/filtered-study";
import { isStudyFiltered, parseStudyFilter } from "@/sections/frame/study-filter";

export interface SubjectNeighbours {
  /** The list's state as a search string (its sorting, filters, and the page holding this subject); "" by default. */
  listSearch: string;
  /** Subject IDs of the neighbours that have a profile; null at either end. */
  previous: string | null;
  next: string | null;
  /** The subject's place (from 1) in the list's order; null when the list's filters leave it out. */
  position: number | null;
  /** Rows of the list in that order, after its filters (and the study filter's). */
  count: number;
  /** Whether the list is sorted, filtered or searched (otherwise it is in the Group's order). */
  narrowed: boolean;
  /** Whether the study filter narrows the list walked to the subjects it keeps. */
  studyFiltered: boolean;
}

/**
 * The neighbours in the study's subject list (`whole`, unfiltered), or, under a study filter in `searchParams`, in the
 * list of the subjects it keeps (the study as the filter narrows it: sections/frame/filtered-study.ts).
 */
export async function listNeighbours(
  study: StudyData,
  whole: readonly SubjectListRow[],
  subjectId: string,
  searchParams: ParamSource,
  review?: RecordTypeReview,
): Promise<SubjectNeighbours> {
  const filter = parseStudyFilter(searchParams);
  if (!isStudyFiltered(filter)) return subjectNeighbours(whole, subjectId, searchParams, false, review);
  const kept = filteredStudy(study, filter);
  const [group, patients, aes, drs] = await Promise.all([
    kept.rows("Group"),
    kept.rows("Patient"),
    kept.rows("AdverseEvent"),
    kept.rows("DiagnosticReport"),
  ]);
  const rows = subjectListOf(group.value, patients.value, aes.value, drs.value).rows;
  return subjectNeighbours(rows, subjectId, searchParams, true, review);
}

/** The list's columns, its Review column first where the user's review of the subjects is given. */
function listColumns(review?: RecordTypeReview): readonly TableColumn<SubjectListRow>[] {
  if (!review) return SUBJECT_LIST_COLUMNS;
  return [reviewColumn(SUBJECT_RECORDS, review, false, (key) => `subject ${key}`), ...SUBJECT_LIST_COLUMNS];
}

/**
 * The neighbours in `rows` (the list walked: `studyFiltered` when the study filter narrowed it), by the user's
 * `review` of the subjects too where given.
 */
export function subjectNeighbours(
  rows: readonly SubjectListRow[],
  subjectId: string,
  searchParams: ParamSource,
  studyFiltered = false,
  review?: RecordTypeReview,
): SubjectNeighbours {
  const state = parseTableState(searchParams, SUBJECT_LIST_STATE);
  const columns = listColumns(review);
  const ordered = orderedRows(rows, columns, state);
  const at = ordered.findIndex((r) => r.subjectId === subjectId);
  const pageIndex = at < 0 ? state.pageIndex : Math.floor(at / state.pageSize);
  const listState = serializeTableState({ ...state, pageIndex }, new URLSearchParams(), SUBJECT_LIST_STATE);
  // A subject the list's filters leave out (one just marked reviewed, in a list of those not reviewed) stands where
  // the same order without the filters puts it: its neighbours are the listed subjects either side of that place.
  const from = at >= 0 ? at : placeAmong(rows, columns, state, ordered, subjectId);
  const neighbour = (step: 1 | -1) => {
    if (from === null) return null;
    // A row without a Patient (blank subject ID) has no profile to open, and a repeated ID is this subject again.
    for (let i = at >= 0 || step === -1 ? from + step : from; i >= 0 && i < ordered.length; i += step) {
      const id = ordered[i].subjectId;
      if (id !== "" && id !== subjectId) return id;
    }
    return null;
  };
  return {
    listSearch: listState.toString(),
    previous: neighbour(-1),
    next: neighbour(1),
    position: at < 0 ? null : at + 1,
    count: ordered.length,
    narrowed: state.sorting.length > 0 || state.columnFilters.length > 0 || state.globalFilter !== "",
    studyFiltered,
  };
}

/**
 * Where a subject the filters leave out would stand among the `ordered` (filtered) rows: the index of the first
 * listed row after it in the same order without the filters (`ordered.length`: after the last); null when the
 * subject is not in the list at all.
 */
function placeAmong(
  rows: readonly SubjectListRow[],
  columns: readonly TableColumn<SubjectListRow>[],
  state: ReturnType<typeof parseTableState>,
  ordered: readonly SubjectListRow[],
  subjectId: string,
): number | null {
  const all = orderedRows(rows, columns, { ...state, columnFilters: [], globalFilter: "" });
  const at = all.findIndex((r) => r.subjectId === subjectId);
  if (at < 0) return null;
  const rank = new Map(all.map((r, i) => [r, i]));
  const after = ordered.findIndex((r) => (rank.get(r) ?? -1) > at);
  return after < 0 ? ordered.length : after;
}
