/**
 * The order of an export's rows: the rows that pass the view's filters and search, in its sort (all pages joined),
 * as the page orders them (lib/tables/server-table.ts). For a job it is worked out off the thread that renders pages
 * (docs/exports.md, Jobs): the filters run over the cached rows in slices with a turn of the event loop between
 * (lib/runtime/in-slices.ts), each filter text read once, and the sort of more than a few thousand rows runs on the
 * order thread (./order-thread.ts). Sorting the file of every laboratory result inside the request held that
 * thread for seconds, and every other user's page waited.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { complete, ROWS_PER_PAUSE, type Sliced } from "@/lib/clinical/common/sliced";
import { inSlices } from "@/lib/runtime/in-slices";
import { numberMatcher, textMatcher } from "@/lib/tables/filters";
import type { TableColumn } from "@/lib/tables/server-table";
import type { DataCell } from "@/lib/tables/types";
import type { TableUrlState } from "@/lib/tables/url-state";
import { type PassingRows, sortPassing } from "./order-sort";
import { orderThread, type RowSorter } from "./order-thread";

/** Rows sorted on the calling thread rather than sent to the order thread: a few milliseconds of comparisons. */
export const SORT_HERE_UP_TO = 4096;

/** A table's rows, its columns and the view's state of it. */
export interface OrderSource<R> {
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  state: TableUrlState;
}

/** Whether the state filters or sorts at all: otherwise the rows are written as they are. */
export const ordersRows = (state: TableUrlState) =>
  state.sorting.length > 0 || state.columnFilters.length > 0 || state.globalFilter.trim() !== "";

/** The order worked out for a job: filtered in slices, sorted on the order thread when large. */
export async function orderOffThread<R>(
  source: OrderSource<R>,
  signal: AbortSignal,
  sorter: RowSorter = orderThread(),
): Promise<Uint32Array> {
  // Begun on a later turn: the request that started the job answers first.
  await nextTurn();
  const { keys, cellsOf } = sortedColumns(source);
  const passing = await inSlices(stoppable(passingRows(source, cellsOf), signal));
  if (keys.length === 0) return passing.indexes;
  if (passing.indexes.length <= SORT_HERE_UP_TO) return sortPassing(passing, keys);
  return sorter.sort(passing, keys, signal);
}

/** The order worked out at once on the calling thread (a table read outside a job: tests, tools). */
export function orderNow<R>(source: OrderSource<R>): Uint32Array {
  const { keys, cellsOf } = sortedColumns(source);
  const passing = complete(passingRows(source, cellsOf));
  return keys.length === 0 ? passing.indexes : sortPassing(passing, keys);
}

function sortedColumns<R>({ columns, state }: OrderSource<R>) {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const sorted = state.sorting.flatMap((s) => {
    const c = byId.get(s.id);
    return c ? [{ column: c, key: { desc: s.desc, number: c.type === "number" } }] : [];
  });
  return { keys: sorted.map((s) => s.key), cellsOf: sorted.map((s) => s.column.value) };
}

/** The rows that pass every filter, in the cached order, with their sort cells; a pause every ROWS_PER_PAUSE. */
function* passingRows<R>(
  { rows, columns, state }: OrderSource<R>,
  cellsOf: readonly ((row: R) => DataCell)[],
): Sliced<PassingRows> {
  const test = rowTest(columns, state);
  const indexes = new Uint32Array(rows.length);
  const cells: DataCell[][] = cellsOf.map(() => []);
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const row = rows[i];
    if (test && !test(row)) continue;
    indexes[n++] = i;
    for (let k = 0; k < cellsOf.length; k++) cells[k].push(cellsOf[k](row));
  }
  return { indexes: indexes.slice(0, n), cells };
}

/** The state's filters and search as one test of a row, each filter text read once; undefined: every row passes. */
function rowTest<R>(columns: readonly TableColumn<R>[], state: TableUrlState): ((row: R) => boolean) | undefined {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const tests = state.columnFilters.flatMap((f) => {
    const c = byId.get(f.id);
    if (!c) return [];
    const matches = c.type === "number" ? numberMatcher(f.value) : textMatcher(f.value);
    return [(r: R) => matches(c.value(r))];
  });
  if (state.globalFilter.trim() !== "") {
    const matches = textMatcher(state.globalFilter);
    tests.push((r: R) => columns.some((c) => matches(c.value(r))));
  }
  return tests.length === 0 ? undefined : (r) => tests.every((t) => t(r));
}

/** `work` that stops at its next pause once `signal` is aborted (a cancelled job). */
function* stoppable<T>(work: Sliced<T>, signal: AbortSignal): Sliced<T> {
  for (;;) {
    signal.throwIfAborted();
    const step = work.next();
    if (step.done) return step.value;
    yield;
  }
}
