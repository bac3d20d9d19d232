/**
 * A small table is lean (docs/design.md, Tables): up to ten rows show no search, no filter row and no pager, for
 * the reader sees them all at once; they keep their sorting and export. A view that a filter or a search narrows
 * (a shared link's) keeps its controls, so that the table says what narrows it and the reader can undo it.
 */
import type { TableUrlState } from "@/lib/tables/url-state";

export const LEAN_MAX_ROWS = 10;

/**
 * Whether a table of `total` rows (before its filters) is lean in this view; `pageSize`: the rows a page holds,
 * where the page is cut elsewhere (a server's table), so that a lean table never hides a row on another page.
 */
export function isLean(
  total: number,
  view: Pick<TableUrlState, "columnFilters" | "globalFilter">,
  pageSize = Number.POSITIVE_INFINITY,
): boolean {
  return total <= LEAN_MAX_ROWS && total <= pageSize && view.columnFilters.length === 0 && view.globalFilter === "";
}

/** The columns that sort or filter the view: shown whatever the Columns chooser says (./column-choice.ts). */
export function columnsInUse(view: Pick<TableUrlState, "columnFilters" | "sorting">): Set<string> {
  return new Set([...view.sorting.map((s) => s.id), ...view.columnFilters.map((f) => f.id)]);
}
