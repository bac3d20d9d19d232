/**
 * A table as the page shows it and an export writes it: its columns, its rows in their given order, and (for a
 * table whose view lives in the URL) the options of that URL state. The page and the export build it with the same
 * function, so that what a file holds cannot drift from what the screen shows.
 */
import type { TableColumn } from "./server-table";
import type { DataColumn, DataRow } from "./types";
import { DEFAULT_PAGE_SIZES, type UrlStateOptions } from "./url-state";

export interface TableDef<R> {
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  /** The table's URL state (sorting, filters, search); absent: the rows are shown in their order, as they are. */
  state?: UrlStateOptions;
  /**
   * Each row's element ID, unique in the page: a link to `#<id>` (sections/frame/addresses.ts) opens its row and
   * marks it (components/data-table/use-row-target.ts). Absent: the rows have none.
   */
  rowId?: (row: R) => string;
  /**
   * The records the rows are: their record type and each row's record key, as the partner API names them. A table
   * that has them is reviewed record by record: it gets a review column (docs/review.md).
   */
  records?: TableRecords<R>;
}

export interface TableRecords<R> {
  /**
   * One of the record types a mark can be of (lib/snapshots/changes.ts, CHANGED_RECORD_TYPES); or SEVERAL_TYPES
   * (lib/review/review-argument.ts), where each row's key is a reference naming its record type too.
   */
  recordType: string;
  key: (row: R) => string | null;
  /** false: the rows' statuses are told, nothing is marked from this table (it shows data older than the latest). */
  markable?: boolean;
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
 * A browser's table (components/data-table/DataTable.tsx) as a pure function of a view builds it on the server:
 * its caption, its serializable columns (a linked cell's address in the row property its `href` names), its plain
 * rows, and the options of its URL state. The page hands it to the browser; an export orders the same rows.
 */
export interface PlainTable {
  caption: string;
  columns: DataColumn[];
  rows: DataRow[];
  pageSizes?: number[];
  /** Prefix of the URL parameters, when a page has more than one table. */
  urlPrefix?: string;
  /** The caption states how many rows the table holds ("… (12)"): the pager does not say it again. */
  countStated?: boolean;
  /** The records the rows are (TableDef.records): their record type, and the row property holding each one's key. */
  records?: { recordType: string; keyProperty: string };
}

export function plainTableDef(t: PlainTable): TableDef<DataRow> {
  const state = {
    columns: t.columns.map((c) => c.id),
    pageSizes: t.pageSizes ?? [...DEFAULT_PAGE_SIZES],
    prefix: t.urlPrefix,
  };
  const records = t.records;
  return {
    columns: dataTableColumns(t.columns),
    rows: t.rows,
    state,
    ...(records
      ? {
          records: {
            recordType: records.recordType,
            key: (row: DataRow) => {
              const key = row[records.keyProperty];
              return typeof key === "string" && key !== "" ? key : null;
            },
          },
        }
      : {}),
  };
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

/** The address of a row's link: its part inside the texts around it (DataColumn.hrefAround). */
export const hrefInside = (around: readonly [string, string], part: string) => `${around[0]}${part}${around[1]}`;

/**
 * The columns with the texts around their rows' links (DataColumn.hrefAround), by the row property each `href`
 * names; the other columns as they are.
 */
export function withHrefAround(
  columns: readonly DataColumn[],
  around: Readonly<Record<string, readonly [string, string]>>,
): DataColumn[] {
  return columns.map((c) => (c.href && around[c.href] ? { ...c, hrefAround: around[c.href] } : c));
}
