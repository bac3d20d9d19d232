/**
 * The sort of an export's rows by the cells of its sorted columns: the pages' own comparison
 * (lib/tables/server-table.ts: numbers as numbers, text in natural order, blanks last both ways), ties in the
 * partner's order. The order thread runs it for a large export (./order-thread-worker.ts); a small one sorts here.
 */
import { compareCells } from "@/lib/tables/server-table";
import type { DataCell } from "@/lib/tables/types";

/** A sorted column: its direction, and whether its cells compare as numbers. */
export interface SortKey {
  desc: boolean;
  number: boolean;
}

/** The rows that pass the view's filters: their indexes in the cached rows, ascending, and their sort cells. */
export interface PassingRows {
  indexes: Uint32Array;
  /** One array per sort key, each cell at the row's place in `indexes`. */
  cells: DataCell[][];
}

/** The passing rows' indexes in the sort's order. */
export function sortPassing({ indexes, cells }: PassingRows, keys: readonly SortKey[]): Uint32Array {
  const places = new Uint32Array(indexes.length);
  for (let i = 0; i < places.length; i++) places[i] = i;
  places.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const d = compareCells(cells[k][a], cells[k][b], keys[k].number, keys[k].desc);
      if (d !== 0) return d;
    }
    // Places follow the cached order: equal rows keep the partner's order, as on the page.
    return a - b;
  });
  const order = new Uint32Array(places.length);
  for (let i = 0; i < places.length; i++) order[i] = indexes[places[i]];
  return order;
}
