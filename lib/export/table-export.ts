/**
 * An export of a table as the page shows it (lib/tables/table-def.ts): the rows that pass its URL state's filters
 * and search, in its order, all pages joined, ordered as the page orders them (./row-order.ts). Making the table
 * reads no row: a job works the order out off the rendering thread (`ordered`) before it writes. The rows are read
 * from the cached arrays by index as the file is written: nothing is copied.
 */
import { orderedIndexes, type TableColumn } from "@/lib/tables/server-table";
import { type PlainTable, plainTableDef, type TableDef, type TableRecords } from "@/lib/tables/table-def";
import type { DataCell } from "@/lib/tables/types";
import { type ParamSource, parseTableState, type TableUrlState } from "@/lib/tables/url-state";
import { describeState } from "./describe-state";
import type { ExportTable } from "./export-table";
import { type OrderSource, orderNow, orderOffThread, ordersRows } from "./row-order";

export interface ExportMeta {
  title: string;
  fileLabel: string;
  /** The view's own choices in words (a test, a quick filter); the table's state is added to them. */
  filters?: string[];
  asOf: number;
}

export function tableExport<R>(def: TableDef<R>, params: ParamSource, meta: ExportMeta): ExportTable {
  const { rows, columns } = def;
  const state = def.state ? parseTableState(params, def.state) : undefined;
  const source: OrderSource<R> | undefined = state && ordersRows(state) ? { rows, columns, state } : undefined;
  let order: Uint32Array | undefined;
  const indexes = () => {
    if (source) order ??= orderNow(source);
    return order;
  };
  return {
    title: meta.title,
    fileLabel: meta.fileLabel,
    columns: columns.map(({ header, variable, type, decimals }) => ({ header, variable, type, decimals })),
    get count() {
      return indexes()?.length ?? rows.length;
    },
    ordered: source
      ? async (signal) => {
          order ??= await orderOffThread(source, signal);
        }
      : undefined,
    *rows() {
      const at = indexes();
      const count = at ? at.length : rows.length;
      for (let k = 0; k < count; k++) {
        const row = rows[at ? at[k] : k];
        // Filled by push, the array is packed: the CSV thread's postMessage sends a holey one (`new Array(n)`) as a
        // sparse array, key by key, which took four times as long.
        const cells: DataCell[] = [];
        for (const column of columns) cells.push(cellOf(column.value(row)));
        yield cells;
      }
    },
    filters: [...(meta.filters ?? []), ...(state ? describeState(state, columns) : [])],
    asOf: meta.asOf,
    ...(def.records ? { records: recordsOf(def.records, rows, columns, state) } : {}),
  };
}

/**
 * The records of the rows that pass the filters, in the rows' own order: what is marked is a set, and sorting a
 * million rows by the page's order first (a second and more) would change nothing in it.
 */
function recordsOf<R>(
  records: TableRecords<R>,
  rows: readonly R[],
  columns: readonly TableColumn<R>[],
  state: TableUrlState | undefined,
): NonNullable<ExportTable["records"]> {
  return {
    recordType: records.recordType,
    ...(records.markable === false ? { markable: false } : {}),
    keys: () => {
      if (!state) return rows.map(records.key);
      const at = orderedIndexes(rows, columns, { ...state, sorting: [] });
      return Array.from(at, (i) => records.key(rows[i]));
    },
  };
}

/** A number that is not finite is no value; everything else as the page shows it. */
const cellOf = (v: DataCell | undefined): DataCell =>
  v === undefined || (typeof v === "number" && !Number.isFinite(v)) ? null : v;

/** The export of a browser's table, titled by its caption. */
export function plainTableExport(table: PlainTable, params: ParamSource, meta: Omit<ExportMeta, "title">): ExportTable {
  return tableExport(plainTableDef(table), params, { title: table.caption, ...meta });
}
