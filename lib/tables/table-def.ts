/**
 * A table as the page shows it and an export writes it: its columns, its rows in their given order, and (for a
 * table whose view lives in the URL) the options of that URL state. The page and the export build it with the same
 * function, so that what a file holds cannot drift from what the screen shows.
 */
import type { TableColumn } from "./server-table";
import type { DataColumn, DataRow } from "./types";
import type { UrlStateOptions } from "./url-state";

export interface TableDef<R> {
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  /** The table's URL state (sorting, filters, search); absent: the rows are shown in their order, as they are. */
  state?: UrlStateOptions;
}

/** The columns of plain rows (a DataTable's), each reading its own property. */
export function dataTableColumns(columns: readonly DataColumn[]): TableColumn<DataRow>[] {
  return columns.map(({ id, header, type, variable }) => ({
    id,
    header,
    type,
    variable,
    value: (row) => row[id] ?? null,
  }));
}

/**
 * A table of plain rows: the serializable columns (the link of a cell named by `href`), for a table whose rows are
 * built as plain rows already.
 */
export function plainTableDef(columns: DataColumn[], rows: DataRow[], state?: UrlStateOptions): TableDef<DataRow> {
  return { columns: dataTableColumns(columns), rows, state };
}

/**
 * The plain rows a page hands the browser's table: each column's cell as the definition reads it (so that the
 * browser sorts and filters exactly what an export writes), and the row's links besides.
 */
export function plainRows<R>(def: TableDef<R>, links?: (row: R) => DataRow): DataRow[] {
  return def.rows.map((row) => {
    const out: DataRow = links ? links(row) : {};
    for (const c of def.columns) out[c.id] = c.value(row);
    return out;
  });
}
