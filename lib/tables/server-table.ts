/**
 * A table sorted, filtered and paged on the server, from the same URL state
 * as the browser's DataTable (./url-state), so that a million laboratory rows
 * never travel to the browser: the page receives one page of plain rows and
 * the counts. The order and filter of a row set are kept (the last few per
 * rows array), so that paging through a sorted million rows sorts once.
 */
import { numberMatches, textMatches } from "./filters";
import type { DataCell, DataColumn, DataRow } from "./types";
import type { TableUrlState } from "./url-state";

/** A column of rows of type R: how to read its cell, and where the cell leads. */
export interface TableColumn<R> extends Omit<DataColumn, "href"> {
  value: (row: R) => DataCell;
  /** The address of the records behind the cell; null or absent: plain text. */
  link?: (row: R) => string | null;
}

export interface TablePage {
  /** The page's rows, each cell by column ID; a linked cell's address under `<column ID>__href`. */
  rows: DataRow[];
  /** The serializable columns, with `href` naming the property of each linked cell's address. */
  columns: DataColumn[];
  /** Rows before filtering, and after. */
  total: number;
  filtered: number;
  pageIndex: number;
  pageSize: number;
}

const ORDERS_PER_ROWS = 4;
const orders = new WeakMap<readonly unknown[], Map<string, Uint32Array>>();

export function tablePage<R>(rows: readonly R[], columns: readonly TableColumn<R>[], state: TableUrlState): TablePage {
  const order = orderOf(rows, columns, state);
  const pageCount = Math.max(1, Math.ceil(order.length / state.pageSize));
  // A shared link may name a page that a narrower filter does not have: show the last one.
  const pageIndex = Math.min(state.pageIndex, pageCount - 1);
  const start = pageIndex * state.pageSize;
  const page: DataRow[] = [];
  for (const i of order.subarray(start, start + state.pageSize)) page.push(plainRow(rows[i], columns));
  return {
    rows: page,
    columns: columns.map(({ id, header, type, link }) => ({
      id,
      header,
      type,
      ...(link ? { href: hrefKey(id) } : {}),
    })),
    total: rows.length,
    filtered: order.length,
    pageIndex,
    pageSize: state.pageSize,
  };
}

/**
 * Every row that passes the state's filters, in its order (all pages joined): what a page needs to find a row's
 * neighbours in a table the user sorted and filtered (e.g. the previous and next subject of the subject list).
 */
export function orderedRows<R>(rows: readonly R[], columns: readonly TableColumn<R>[], state: TableUrlState): R[] {
  return Array.from(orderOf(rows, columns, state), (i) => rows[i]);
}

const hrefKey = (id: string) => `${id}__href`;

function plainRow<R>(row: R, columns: readonly TableColumn<R>[]): DataRow {
  const out: DataRow = {};
  for (const c of columns) {
    out[c.id] = c.value(row);
    if (c.link) out[hrefKey(c.id)] = c.link(row);
  }
  return out;
}

/** The indexes of the rows that pass the filters, in the state's order; kept per rows array. */
function orderOf<R>(rows: readonly R[], columns: readonly TableColumn<R>[], state: TableUrlState): Uint32Array {
  const key = JSON.stringify([state.sorting, state.columnFilters, state.globalFilter]);
  let kept = orders.get(rows);
  if (!kept) {
    kept = new Map();
    orders.set(rows, kept);
  }
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const order = sortIndexes(rows, columns, state, filterIndexes(rows, columns, state));
  if (kept.size >= ORDERS_PER_ROWS) kept.delete(kept.keys().next().value as string);
  kept.set(key, order);
  return order;
}

function filterIndexes<R>(rows: readonly R[], columns: readonly TableColumn<R>[], state: TableUrlState): Uint32Array {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const tests = state.columnFilters.flatMap((f) => {
    const c = byId.get(f.id);
    if (!c) return [];
    const match = c.type === "number" ? numberMatches : textMatches;
    return [(r: R) => match(c.value(r), f.value)];
  });
  if (state.globalFilter.trim() !== "")
    tests.push((r: R) => columns.some((c) => textMatches(c.value(r), state.globalFilter)));
  const out = new Uint32Array(rows.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (tests.every((t) => t(rows[i]))) out[n++] = i;
  return out.slice(0, n);
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function sortIndexes<R>(
  rows: readonly R[],
  columns: readonly TableColumn<R>[],
  state: TableUrlState,
  indexes: Uint32Array,
): Uint32Array {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const keys = state.sorting.flatMap((s) => {
    const c = byId.get(s.id);
    if (!c) return [];
    // Each sorted column's cells read once, not once per comparison.
    const cells: DataCell[] = new Array(rows.length);
    for (const i of indexes) cells[i] = c.value(rows[i]);
    return [{ cells, desc: s.desc, number: c.type === "number" }];
  });
  if (keys.length === 0) return indexes;
  const sorted = Array.from(indexes);
  sorted.sort((a, b) => {
    for (const k of keys) {
      const d = compareCells(k.cells[a], k.cells[b], k.number, k.desc);
      if (d !== 0) return d;
    }
    // Stable: equal rows keep the partner's order.
    return a - b;
  });
  return Uint32Array.from(sorted);
}

/** Blanks last in either direction, as in the browser's table. */
function compareCells(a: DataCell, b: DataCell, number: boolean, desc: boolean): number {
  const blankA = a === null || a === "";
  const blankB = b === null || b === "";
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  const d = number && typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
  return desc ? -d : d;
}
