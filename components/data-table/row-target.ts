/**
 * What a DataTable does when the address's fragment names one of its rows (the row property named by its `rowId`):
 * nothing when the row is shown (the browser scrolls to it and marks it, :target); else the step that brings it
 * in: its page, or first clearing the filters and search that hide it (the sorting stays).
 */
import type { DataRow } from "@/lib/tables/types";

export type RowTargetStep =
  | { kind: "not-here" }
  | { kind: "shown" }
  | { kind: "clear-filters" }
  | { kind: "page"; pageIndex: number };

export interface RowSets {
  /** Every row of the table. */
  all: readonly DataRow[];
  /** The rows that pass the filters, in the table's order. */
  filtered: readonly DataRow[];
  /** The rows of the page shown. */
  page: readonly DataRow[];
  pageSize: number;
}

export function rowTargetStep(id: string, rowId: string, rows: RowSets): RowTargetStep {
  const at = (list: readonly DataRow[]) => list.findIndex((r) => r[rowId] === id);
  if (id === "" || at(rows.all) < 0) return { kind: "not-here" };
  if (at(rows.page) >= 0) return { kind: "shown" };
  const i = at(rows.filtered);
  return i < 0 ? { kind: "clear-filters" } : { kind: "page", pageIndex: Math.floor(i / rows.pageSize) };
}

/** The element ID an address's fragment names (`#a%20b` names `a b`); "" for none or a malformed one. */
export function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return "";
  }
}

/** Whether the element with this ID is the one the browser marks as the fragment's (:target). */
export function isMarked(id: string): boolean {
  return document.getElementById(id)?.matches(":target") ?? false;
}

/**
 * Follows the address's fragment again: a fragment navigation (no reload), so that the browser scrolls to its
 * element and marks it (:target), which a router's change of the address does not. The entry's history state is the
 * router's (Back and Forward need it); the navigation clears it, so it is put back.
 */
export function followFragment(): void {
  const state = window.history.state;
  window.location.replace(window.location.href);
  window.history.replaceState(state, "", window.location.href);
}
