"use client";
/**
 * A reusable table of plain rows: sort by clicking a header (shift-click adds
 * a column), a filter per column, a search over all columns, pages, and an
 * export of exactly the rows that pass the filters, in the current order,
 * across all pages, written by the server (components/export/). The whole view
 * lives in the URL (./url-state).
 */
import type { Table } from "@tanstack/react-table";
import { type ReactNode, useId, useMemo } from "react";
import { ExportControl } from "@/components/export/ExportControl";
import type { TableRows } from "@/lib/tables/packed-rows";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import styles from "./data-table.module.css";
import { BodyRows, FilterCell, HeaderCell, Pager } from "./parts";
import { sharedRowsOf } from "./shared-rows";
import { useDataTable } from "./use-data-table";
import { useHydrated } from "./use-hydrated";
import { PRINT_ALL_MAX, usePrinting } from "./use-printing";

export interface DataTableProps extends Omit<PlainTable, "rows"> {
  /** The rows; a server component sends them packed (packRows), a client component as they are. */
  rows: TableRows;
  /**
   * The table among the server's exports (sections/exports.ts); null: exported by the
   * panel around it (a chart's data table), so no control here.
   */
  exportAs: { view: string; table: string } | null;
  /**
   * The row property holding each row's element ID, unique in the page: a link to `#<id>` then opens that row
   * (its page, its filters cleared if they hide it) and marks it (:target).
   */
  rowId?: string;
}

export function DataTable({
  caption,
  columns,
  rows: given,
  exportAs,
  pageSizes = [...DEFAULT_PAGE_SIZES],
  urlPrefix,
  rowId,
}: DataTableProps) {
  const tableId = useId();
  // Unpacked once per payload: the props object stays the same across this table's own renders (and on the server,
  // once per packed text: ./shared-rows.ts).
  const rows = useMemo(() => sharedRowsOf(given), [given]);
  const { table, globalFilter, clear, narrowed, carried, shownRows, pageRows } = useDataTable(
    columns,
    rows,
    pageSizes,
    urlPrefix,
    rowId,
  );
  const { pageIndex, pageSize } = table.getState().pagination;
  const filtered = shownRows.length;
  // Printed, the table is all its rows that pass the filters, unless they are too many (./use-printing.ts).
  const printAll = usePrinting() && filtered <= PRINT_ALL_MAX;
  return (
    <div>
      <Toolbar
        tableId={tableId}
        search={globalFilter}
        onSearch={(q) => table.setGlobalFilter(q)}
        onClear={clear}
        narrowed={narrowed}
      >
        {exportAs ? <ExportControl view={exportAs.view} table={exportAs.table} label={caption} /> : null}
      </Toolbar>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <TableHead table={table} columns={columns} tableId={tableId} />
          <tbody>
            <BodyRows
              rows={printAll ? shownRows : pageRows}
              columns={columns}
              carried={carried}
              total={rows.length}
              rowId={rowId}
            />
          </tbody>
        </table>
      </div>
      <Pager
        tableId={tableId}
        pageSizes={pageSizes}
        pageIndex={printAll ? 0 : pageIndex}
        pageSize={printAll ? Math.max(1, filtered) : pageSize}
        filtered={filtered}
        total={rows.length}
        onPage={(i) => table.setPageIndex(i)}
        onPageSize={(size) => table.setPageSize(size)}
        printed={printAll ? "all" : "page"}
      />
    </div>
  );
}

interface ToolbarProps {
  tableId: string;
  search: string;
  onSearch: (q: string) => void;
  onClear: () => void;
  /** Whether a sort, filter or search is set: otherwise there is nothing to clear. */
  narrowed: boolean;
  /** The export control, when the table has its own. */
  children: ReactNode;
}

/** Above the table: the search over all columns, the button that clears the view, and the export. */
function Toolbar({ tableId, search, onSearch, onClear, narrowed, children }: ToolbarProps) {
  const ready = useHydrated();
  return (
    <div className={styles.toolbar}>
      <label htmlFor={`${tableId}-search`}>Search all columns</label>
      <input
        id={`${tableId}-search`}
        type="search"
        disabled={!ready}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <button type="button" onClick={onClear} disabled={!narrowed}>
        Clear sorting and filters
      </button>
      {children}
    </div>
  );
}

/** The header row (each header sorts) and the row of column filters under it. */
function TableHead({ table, columns, tableId }: { table: Table<DataRow>; columns: DataColumn[]; tableId: string }) {
  return (
    <thead>
      <tr>
        {table.getHeaderGroups()[0].headers.map((h) => (
          <HeaderCell key={h.id} header={h} />
        ))}
      </tr>
      <tr>
        {columns.map((c) => (
          <FilterCell key={c.id} table={table} column={c} tableId={tableId} />
        ))}
      </tr>
    </thead>
  );
}
