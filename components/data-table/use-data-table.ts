"use client";
/**
 * The TanStack table behind DataTable, its whole view kept in the URL
 * (./use-url-state): sorting, filters and search go back to the first page;
 * paging itself does not. TanStack keeps the state and holds the page shown; the
 * rows are filtered and sorted by lib/tables/server-table.ts, the one
 * implementation that the server's tables and every export use too, so that a
 * file holds exactly the rows the browser shows, in its order, and cut into
 * pages here. A link to one of its rows brings that row into view
 * (./use-row-target).
 */
import { functionalUpdate, getCoreRowModel, type OnChangeFn, type Updater, useReactTable } from "@tanstack/react-table";
import { useEffect, useMemo } from "react";
import { orderedRows } from "@/lib/tables/server-table";
import { dataTableColumns } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { serializeTableState, type TableUrlState } from "@/lib/tables/url-state";
import { columnDefs } from "./columns";
import { useRowTarget } from "./use-row-target";
import { useUrlTableState } from "./use-url-state";

export function useDataTable(
  columns: DataColumn[],
  rows: DataRow[],
  pageSizes: number[],
  urlPrefix?: string,
  rowId?: string,
) {
  const ids = useMemo(() => columns.map((c) => c.id), [columns]);
  const opts = { columns: ids, pageSizes, prefix: urlPrefix };
  const [view, setView] = useUrlTableState(opts);
  const defs = useMemo(() => columnDefs(columns), [columns]);
  const { shownRows, pageRows } = useShownRows(rows, columns, view);
  const shown =
    <K extends "sorting" | "globalFilter">(key: K): OnChangeFn<TableUrlState[K]> =>
    (u: Updater<TableUrlState[K]>) =>
      setView({ ...view, [key]: functionalUpdate(u, view[key]), pageIndex: 0 });

  const table = useReactTable<DataRow>({
    data: pageRows,
    columns: defs,
    manualFiltering: true,
    manualSorting: true,
    manualPagination: true,
    rowCount: shownRows.length,
    state: {
      sorting: view.sorting,
      columnFilters: view.columnFilters,
      globalFilter: view.globalFilter,
      pagination: { pageIndex: view.pageIndex, pageSize: view.pageSize },
    },
    onSortingChange: shown("sorting"),
    onGlobalFilterChange: shown("globalFilter"),
    onColumnFiltersChange: (u) => {
      const filters = functionalUpdate(u, view.columnFilters).map((f) => ({ id: f.id, value: String(f.value ?? "") }));
      setView({ ...view, columnFilters: filters, pageIndex: 0 });
    },
    onPaginationChange: (u) =>
      setView({ ...view, ...functionalUpdate(u, { pageIndex: view.pageIndex, pageSize: view.pageSize }) }),
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
  });

  // A shared link may name a page that a smaller study, or a narrower filter, does not have: show the last one.
  const pageCount = table.getPageCount();
  useEffect(() => {
    if (pageCount > 0 && view.pageIndex >= pageCount) setView({ ...view, pageIndex: pageCount - 1 });
  }, [pageCount, view, setView]);

  useRowTarget({ all: rows, filtered: shownRows, page: pageRows, pageSize: view.pageSize }, rowId, view, setView);

  const clear = () => setView({ ...view, sorting: [], columnFilters: [], globalFilter: "", pageIndex: 0 });
  const narrowed = view.columnFilters.length > 0 || view.globalFilter !== "" || view.sorting.length > 0;
  // What a cell that carries the table's view adds to its link: this table's state, written again (./CellContent).
  const carried = serializeTableState(view, new URLSearchParams(), opts).toString();
  return { table, view, clear, narrowed, carried, shownRows, pageRows };
}

/**
 * The rows that pass the view's filters, in its order, and the page of them shown. TanStack is given that page and
 * no more (manualPagination, rowCount): it builds an object with some forty methods for every row it holds, and the
 * server renders the table on every visit. Given a study's 1,000 subjects to show 25, it built 1,000 on each, most
 * of the objects the rendering thread kept past its young generation's collections under load (docs/performance.md,
 * Pages and payloads). A page past the last (a shared link, a narrower filter) shows the last one, as the pager
 * says, until useDataTable's effect corrects the address.
 */
function useShownRows(rows: DataRow[], columns: DataColumn[], view: TableUrlState) {
  const readers = useMemo(() => dataTableColumns(columns), [columns]);
  const { sorting, columnFilters, globalFilter, pageSize } = view;
  const shownRows = useMemo(
    () => orderedRows(rows, readers, { sorting, columnFilters, globalFilter, pageIndex: 0, pageSize: 1 }),
    [rows, readers, sorting, columnFilters, globalFilter],
  );
  const pageIndex = Math.min(view.pageIndex, Math.max(0, Math.ceil(shownRows.length / pageSize) - 1));
  const pageRows = useMemo(
    () => shownRows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    [shownRows, pageIndex, pageSize],
  );
  return { shownRows, pageRows };
}
