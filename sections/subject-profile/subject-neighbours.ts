/**
 * Where a subject stands in the subject list as the user left it (sorted,
 * filtered, searched: the list's URL state, carried to the profile): the
 * previous and next subject in that order, and the list's address with the
 * same order and filters, on the page that holds this subject. The order is the server
 * table's (lib/tables/server-table.ts), on the same columns as the list's
 * DataTable (lib/study/subject-list-columns.ts).
 */
import type { SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import { SUBJECT_LIST_COLUMNS, SUBJECT_LIST_STATE } from "@/lib/study/subject-list-columns";
import { orderedRows } from "@/lib/tables/server-table";
import { type ParamSource, parseTableState, serializeTableState } from "@/lib/tables/url-state";

export interface SubjectNeighbours {
  /** The list's state as a search string (its sorting, filters, and the page holding this subject); "" by default. */
  listSearch: string;
  /** Subject IDs of the neighbours that have a profile; null at either end. */
  previous: string | null;
  next: string | null;
  /** The subject's place (from 1) in the list's order; null when the list's filters leave it out. */
  position: number | null;
  /** Rows of the list in that order, after its filters. */
  count: number;
  /** Whether the list is sorted, filtered or searched (otherwise it is in the Group's order). */
  narrowed: boolean;
}

export function subjectNeighbours(
  rows: readonly SubjectListRow[],
  subjectId: string,
  searchParams: ParamSource,
): SubjectNeighbours {
  const state = parseTableState(searchParams, SUBJECT_LIST_STATE);
  const ordered = orderedRows(rows, SUBJECT_LIST_COLUMNS, state);
  const at = ordered.findIndex((r) => r.subjectId === subjectId);
  const pageIndex = at < 0 ? state.pageIndex : Math.floor(at / state.pageSize);
  const listState = serializeTableState({ ...state, pageIndex }, new URLSearchParams(), SUBJECT_LIST_STATE);
  const neighbour = (step: 1 | -1) => {
    // A row without a Patient (blank subject ID) has no profile, and a repeated ID is this subject again.
    for (let i = at + step; i >= 0 && i < ordered.length; i += step) {
      const id = ordered[i].subjectId;
      if (id !== "" && id !== subjectId) return id;
    }
    return null;
  };
  return {
    listSearch: listState.toString(),
    previous: at < 0 ? null : neighbour(-1),
    next: at < 0 ? null : neighbour(1),
    position: at < 0 ? null : at + 1,
    count: ordered.length,
    narrowed: state.sorting.length > 0 || state.columnFilters.length > 0 || state.globalFilter !== "",
  };
}
