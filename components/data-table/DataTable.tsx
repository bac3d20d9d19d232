"use client";
/**
 * A reusable table of plain rows: sort by clicking a header (shift-click adds
 * a column), a filter per column, a search over all columns, pages, and a
 * download of exactly the rows that pass the filters, in the current order,
 * across all pages. The whole view lives in the URL (./url-state).
 */
import { type OnChangeFn, type Updater, functionalUpdate, getCoreRowModel, getFilteredRowModel, getPaginationRowModel, getSortedRowModel, useReactTable } from "@tanstack/react-table";
import { useEffect, useId, useMemo } from "react";
import { columnDefs } from "./columns";
import { downloadCsv } from "./csv-download";
import styles from "./data-table.module.css";
import { textMatches } from "./filters";
import { FilterCell, HeaderCell, Pager } from "./parts";
import type { DataColumn, DataRow } from "./types";
import { DEFAULT_PAGE_SIZES, type TableUrlState } from "./url-state";
import { useUrlTableState } from "./use-url-state";

export interface DataTableProps {
  caption: string;
  columns: DataColumn[];
  rows: DataRow[];
  /** The downloaded file's name, `.csv` included. */
  fileName: string;
  pageSizes?: number[];
  /** Prefix of the URL parameters, when a page has more than one table. */
  urlPrefix?: string;
}

export function DataTable({ caption, columns, rows, fileName, pageSizes = [...DEFAULT_PAGE_SIZES], urlPrefix }: DataTableProps) {
  const tableId = useId();
  const ids = useMemo(() => columns.map((c) => c.id), [columns]);
  const [view, setView] = useUrlTableState({ columns: ids, pageSizes, prefix: urlPrefix });
  const defs = useMemo(() => columnDefs(columns), [columns]);
  // Each change of what is shown goes back to the first page; paging itself does not.
  const shown =
    <K extends "sorting" | "globalFilter">(key: K): OnChangeFn<TableUrlState[K]> =>
    (u: Updater<TableUrlState[K]>) =>
      setView({ ...view, [key]: functionalUpdate(u, view[key]), pageIndex: 0 });

  const table = useReactTable<DataRow>({
    data: rows,
    columns: defs,
    state: { sorting: view.sorting, columnFilters: view.columnFilters, globalFilter: view.globalFilter, pagination: { pageIndex: view.pageIndex, pageSize: view.pageSize } },
    onSortingChange: shown("sorting"),
    onGlobalFilterChange: shown("globalFilter"),
    onColumnFiltersChange: (u) => {
      const filters = functionalUpdate(u, view.columnFilters).map((f) => ({ id: f.id, value: String(f.value ?? "") }));
      setView({ ...view, columnFilters: filters, pageIndex: 0 });
    },
    onPaginationChange: (u) => setView({ ...view, ...functionalUpdate(u, { pageIndex: view.pageIndex, pageSize: view.pageSize }) }),
    globalFilterFn: (row, id, filter: string) => textMatches(row.getValue(id), filter),
    getColumnCanGlobalFilter: () => true,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  // A shared link may name a page that a smaller study, or a narrower filter, does not have: show the last one.
  const pageCount = table.getPageCount();
  useEffect(() => {
    if (pageCount > 0 && view.pageIndex >= pageCount) setView({ ...view, pageIndex: pageCount - 1 });
  }, [pageCount, view, setView]);

  const download = () =>
    downloadCsv(
      fileName,
      columns.map((c) => c.header),
      table.getPrePaginationRowModel().rows.map((r) => columns.map((c) => r.original[c.id])),
    );
  const pageRows = table.getRowModel().rows;
  const filtered = view.columnFilters.length > 0 || view.globalFilter !== "" || view.sorting.length > 0;

  return (
    <div>
      <div className={styles.toolbar}>
        <label htmlFor={`${tableId}-search`}>Search all columns</label>
        <input id={`${tableId}-search`} type="search" value={view.globalFilter} onChange={(e) => table.setGlobalFilter(e.target.value)} />
        <button type="button" onClick={() => setView({ ...view, sorting: [], columnFilters: [], globalFilter: "", pageIndex: 0 })} disabled={!filtered}>
          Clear sorting and filters
        </button>
        <button type="button" onClick={download}>
          Download CSV
        </button>
      </div>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
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
          <tbody>
            {pageRows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td key={c.id} className={c.type === "number" ? styles.number : undefined}>
                    {row.original[c.id] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
            {pageRows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {rows.length === 0 ? "There are no rows." : "No rows match the filters. Change or clear them to see more."}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager table={table} tableId={tableId} pageSizes={pageSizes} />
    </div>
  );
}
