/**
 * A table sorted, filtered and paged on the server, from the same URL state
 * as the browser's DataTable (./url-state), so that a million laboratory rows
 * never travel to the browser: the page receives one page of plain rows and
 * the counts. The sorted orders of a row set are kept (the last few per rows
 * array), and the filtered rows in each order too: paging through a sorted
 * table sorts it once, and a new filter or search text (each typed text is a
 * request) costs one pass over the rows in a kept order, never a sort.
 */
import { numberMatches, textMatches } from "./filters";
import type { DataCell, DataColumn, DataRow } from "./types";
import type { TableUrlState } from "./url-state";

/** A column of rows of type R: how to read its cell, and where the cell leads. */
export interface TableColumn<R> extends Omit<DataColumn, "href"> {
  value: (row: R) => DataCell;
  /** The address of the records behind the cell; null or absent: plain text. */
  link?: (row: R) => string | null;
  /** Properties the column adds to the page's row beside its cell (its action's label and argument, a detail). */
  more?: (row: R) => DataRow;
  /**
   * What the column's cells depend on beyond the row (the version of a user's marks): the kept orders and filtered
   * rows of a table are kept per stamp, so that a changed mark is never answered from an order kept before it.
   */
  stamp?: string;
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

/** Orders, and filtered orders, kept per rows array (least recently used go first). */
const KEPT_PER_ROWS = 4;

interface Kept {
  sorted: Map<string, Uint32Array>;
  filtered: Map<string, Uint32Array>;
}
const kept = new WeakMap<readonly unknown[], Kept>();

/** The property of a page's row that holds its element ID, when the table's rows have one (TableDef.rowId). */
export const ROW_ID = "__row";

export function tablePage<R>(
  rows: readonly R[],
  columns: readonly TableColumn<R>[],
  state: TableUrlState,
  rowId?: (row: R) => string,
): TablePage {
  const order = orderedIndexes(rows, columns, state);
  const pageCount = Math.max(1, Math.ceil(order.length / state.pageSize));
  // A shared link may name a page that a narrower filter does not have: show the last one.
  const pageIndex = Math.min(state.pageIndex, pageCount - 1);
  const start = pageIndex * state.pageSize;
  const page: DataRow[] = [];
  for (const i of order.subarray(start, start + state.pageSize)) {
    const row = plainRow(rows[i], columns);
    if (rowId) row[ROW_ID] = rowId(rows[i]);
    page.push(row);
  }
  return {
    rows: page,
    columns: columns.map(dataColumnOf),
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
  return Array.from(orderedIndexes(rows, columns, state), (i) => rows[i]);
}

const hrefKey = (id: string) => `${id}__href`;

/** The serializable column a browser's table takes, its link's address under `<column ID>__href`. */
export function dataColumnOf<R>(c: TableColumn<R>): DataColumn {
  const { id, header, type, link, priority, nowrap, decimals, choices, detail, actions } = c;
  return {
    id,
    header,
    type,
    ...(link ? { href: hrefKey(id) } : {}),
    ...(priority ? { priority } : {}),
    ...(nowrap ? { nowrap } : {}),
    ...(decimals === undefined ? {} : { decimals }),
    ...(choices ? { choices } : {}),
    ...(detail ? { detail } : {}),
    ...(actions ? { actions } : {}),
  };
}

function plainRow<R>(row: R, columns: readonly TableColumn<R>[]): DataRow {
  const out: DataRow = {};
  for (const c of columns) {
    out[c.id] = c.value(row);
    if (c.link) out[hrefKey(c.id)] = c.link(row);
    if (c.more) Object.assign(out, c.more(row));
  }
  return out;
}

/**
 * The indexes of the rows that pass the filters, in the state's order; kept per rows array. An export iterates them
 * over the rows themselves, so that a million rows are never copied.
 */
export function orderedIndexes<R>(
  rows: readonly R[],
  columns: readonly TableColumn<R>[],
  state: TableUrlState,
): Uint32Array {
  let k = kept.get(rows);
  if (!k) {
    k = { sorted: new Map(), filtered: new Map() };
    kept.set(rows, k);
  }
  const { sorted, filtered } = k;
  // The columns' IDs and types with the sorting: one rows array may be shown by two tables (the server reads equal
  // packed rows back as one array: components/data-table/shared-rows.ts), and a column's type decides its order.
  // A stamped column's cells are read again only where its stamp changed and the order or filter reads them: a new
  // mark does not sort a million rows again by another column.
  const stamps = (ids: Iterable<string>) => {
    const read = new Set(ids);
    return columns.filter((c) => c.stamp !== undefined && read.has(c.id)).map((c) => `${c.id}@${c.stamp}`);
  };
  const sortKey = JSON.stringify([
    columns.map((c) => `${c.id}:${c.type ?? "text"}`),
    state.sorting,
    stamps(state.sorting.map((s) => s.id)),
  ]);
  const filterStamps = stamps(
    state.globalFilter.trim() === "" ? state.columnFilters.map((f) => f.id) : columns.map((c) => c.id),
  );
  return remember(filtered, JSON.stringify([sortKey, state.columnFilters, state.globalFilter, filterStamps]), () => {
    const order = remember(sorted, sortKey, () => sortIndexes(rows, columns, state));
    return filterIndexes(rows, columns, state, order);
  });
}

/** The value kept under `key`, or computed and kept; at most KEPT_PER_ROWS, the least recently used go first. */
function remember(map: Map<string, Uint32Array>, key: string, compute: () => Uint32Array): Uint32Array {
  const found = map.get(key);
  if (found) {
    map.delete(key);
    map.set(key, found);
    return found;
  }
  const value = compute();
  if (map.size >= KEPT_PER_ROWS) map.delete(map.keys().next().value as string);
  map.set(key, value);
  return value;
}

/** The indexes of `order` whose rows pass the state's filters, in that order (`order` itself when none filters). */
function filterIndexes<R>(
  rows: readonly R[],
  columns: readonly TableColumn<R>[],
  state: TableUrlState,
  order: Uint32Array,
): Uint32Array {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const tests = state.columnFilters.flatMap((f) => {
    const c = byId.get(f.id);
    if (!c) return [];
    const match = c.type === "number" ? numberMatches : textMatches;
    return [(r: R) => match(c.value(r), f.value)];
  });
  if (state.globalFilter.trim() !== "")
    tests.push((r: R) => columns.some((c) => textMatches(c.value(r), state.globalFilter)));
  if (tests.length === 0) return order;
  const out = new Uint32Array(order.length);
  let n = 0;
  for (const i of order) if (tests.every((t) => t(rows[i]))) out[n++] = i;
  return out.slice(0, n);
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Every row's index in the state's order (the partner's order when it sorts by nothing). */
function sortIndexes<R>(rows: readonly R[], columns: readonly TableColumn<R>[], state: TableUrlState): Uint32Array {
  const all = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) all[i] = i;
  const byId = new Map(columns.map((c) => [c.id, c]));
  const keys = state.sorting.flatMap((s) => {
    const c = byId.get(s.id);
    if (!c) return [];
    // Each sorted column's cells read once, not once per comparison.
    const cells = rows.map((r) => c.value(r));
    return [{ cells, desc: s.desc, number: c.type === "number" }];
  });
  if (keys.length === 0) return all;
  return all.sort((a, b) => {
    for (const k of keys) {
      const d = compareCells(k.cells[a], k.cells[b], k.number, k.desc);
      if (d !== 0) return d;
    }
    // Stable: equal rows keep the partner's order.
    return a - b;
  });
}

/** Blanks last in either direction, as in the browser's table. Also an export's sort (lib/export/order-sort.ts). */
export function compareCells(a: DataCell, b: DataCell, number: boolean, desc: boolean): number {
  const blankA = a === null || a === "";
  const blankB = b === null || b === "";
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  const d = number && typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
  return desc ? -d : d;
}
