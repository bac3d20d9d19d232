"use client";
/**
 * A reusable table of plain rows: sort by clicking a header (shift-click adds
 * a column), a filter per column, a search over all columns, pages, and an
 * export of exactly the rows that pass the filters, in the current order,
 * across all pages, written by the server (components/export/). The whole view
 * lives in the URL (./url-state). A table of ten rows or fewer is lean
 * (./lean.ts); a wide one has a Columns chooser (./column-choice.ts).
 */
import type { Table } from "@tanstack/react-table";
import { Children, type ReactNode, useId, useMemo } from "react";
import { ExportControl } from "@/components/export/ExportControl";
import { tableKey } from "@/lib/db/table-column-rules";
import type { TableRows } from "@/lib/tables/packed-rows";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { ColumnChooser } from "./ColumnChooser";
import { offersChooser, useColumnChoice } from "./column-choice";
import styles from "./data-table.module.css";
import { columnsInUse, isLean } from "./lean";
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
  /** The page states how many rows the table holds (a heading's count): the pager does not say it again. */
  countStated?: boolean;
}

export function DataTable({
  caption,
  columns,
  rows: given,
  exportAs,
  pageSizes = [...DEFAULT_PAGE_SIZES],
  urlPrefix,
  rowId,
  countStated,
}: DataTableProps) {
  const tableId = useId();
  // Unpacked once per payload: the props object stays the same across this table's own renders (and on the server,
  // once per packed text: ./shared-rows.ts).
  const rows = useMemo(() => sharedRowsOf(given), [given]);
  const { table, view, clear, narrowed, carried, shownRows, pageRows } = useDataTable(
    columns,
    rows,
    pageSizes,
    urlPrefix,
    rowId,
  );
  const inUse = useMemo(() => columnsInUse(view), [view]);
  const choice = useColumnChoice(columns, exportAs ? tableKey(exportAs) : null, inUse);
  const lean = isLean(rows.length, view);
  const { pageIndex, pageSize } = table.getState().pagination;
  const filtered = shownRows.length;
  // Printed, the table is all its rows that pass the filters, unless they are too many (./use-printing.ts).
  const printAll = usePrinting() && filtered <= PRINT_ALL_MAX;
  return (
    <div>
      <Toolbar
        tableId={tableId}
        search={lean ? null : view.globalFilter}
        onSearch={(q) => table.setGlobalFilter(q)}
        onClear={clear}
        narrowed={narrowed}
      >
        {offersChooser(columns) ? (
          <ColumnChooser tableId={tableId} columns={columns} choice={choice} inUse={inUse} />
        ) : null}
        {exportAs ? <ExportControl view={exportAs.view} table={exportAs.table} label={caption} /> : null}
      </Toolbar>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <TableHead table={table} columns={choice.shown} tableId={tableId} filters={!lean} />
          <tbody>
            <BodyRows
              rows={lean || printAll ? shownRows : pageRows}
              columns={choice.shown}
              carried={carried}
              total={rows.length}
              rowId={rowId}
            />
          </tbody>
        </table>
      </div>
      {lean ? null : (
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
          countStated={countStated}
        />
      )}
    </div>
  );
}

interface ToolbarProps {
  tableId: string;
  /** The search text; null: the table is lean (./lean.ts), without a search. */
  search: string | null;
  onSearch: (q: string) => void;
  onClear: () => void;
  /** Whether a sort, filter or search is set: otherwise there is nothing to clear. */
  narrowed: boolean;
  /** The Columns chooser and the export control, when the table has them. */
  children: ReactNode;
}

/**
 * Above the table: the search over all columns, the button that clears the view, the Columns chooser and the
 * export. A lean table has no search, and its clearing button only while a sort is set.
 */
function Toolbar({ tableId, search, onSearch, onClear, narrowed, children }: ToolbarProps) {
  const ready = useHydrated();
  // A lean table with nothing to clear, choose or export (a chart's small data table): no toolbar, no blank line.
  if (search === null && !narrowed && Children.toArray(children).length === 0) return null;
  const clearing = (
    <button type="button" onClick={onClear} disabled={!narrowed}>
      {search === null ? "Clear sorting" : "Clear sorting and filters"}
    </button>
  );
  return (
    <div className={styles.toolbar}>
      {search === null ? null : (
        <>
          <label htmlFor={`${tableId}-search`}>Search all columns</label>
          <input
            id={`${tableId}-search`}
            type="search"
            disabled={!ready}
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </>
      )}
      {search !== null || narrowed ? clearing : null}
      {children}
    </div>
  );
}

interface TableHeadProps {
  table: Table<DataRow>;
  /** The columns shown. */
  columns: DataColumn[];
  tableId: string;
  /** Whether the row of column filters is there (not in a lean table). */
  filters: boolean;
}

/** The header row (each header sorts) and the row of column filters under it. */
function TableHead({ table, columns, tableId, filters }: TableHeadProps) {
  const headers = new Map(table.getHeaderGroups()[0].headers.map((h) => [h.id, h]));
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const h = headers.get(c.id);
          return h ? <HeaderCell key={c.id} header={h} /> : null;
        })}
      </tr>
      {filters ? (
        <tr>
          {columns.map((c) => (
            <FilterCell key={c.id} table={table} column={c} tableId={tableId} />
          ))}
        </tr>
      ) : null}
    </thead>
  );
}
