"use client";
import { flexRender, type Header, type Table } from "@tanstack/react-table";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { CellContent } from "./CellContent";
import styles from "./data-table.module.css";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

export function HeaderCell({ header }: { header: Header<DataRow, unknown> }) {
  const sorted = header.column.getIsSorted();
  const next = header.column.getNextSortingOrder();
  return (
    <th scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : "none"}>
      <button
        type="button"
        className={styles.sort}
        onClick={header.column.getToggleSortingHandler()}
        title={next ? `Sort ${next === "asc" ? "ascending" : "descending"}` : "Remove sorting"}
      >
        {flexRender(header.column.columnDef.header, header.getContext())}
        <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
      </button>
    </th>
  );
}

export function FilterCell({ table, column, tableId }: { table: Table<DataRow>; column: DataColumn; tableId: string }) {
  const id = `${tableId}-filter-${column.id}`;
  const value = (table.getColumn(column.id)?.getFilterValue() as string | undefined) ?? "";
  return (
    <td>
      <label htmlFor={id} className={styles.hidden}>
        Filter {column.header}
      </label>
      <input
        id={id}
        className={styles.filter}
        type="text"
        value={value}
        placeholder={column.type === "number" ? "e.g. >2" : "contains"}
        onChange={(e) => table.getColumn(column.id)?.setFilterValue(e.target.value)}
      />
    </td>
  );
}

export function Pager({
  table,
  tableId,
  pageSizes,
}: {
  table: Table<DataRow>;
  tableId: string;
  pageSizes: readonly number[];
}) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const filtered = table.getPrePaginationRowModel().rows.length;
  const all = table.getCoreRowModel().rows.length;
  const first = filtered === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(filtered, (pageIndex + 1) * pageSize);
  return (
    <div className={styles.pager}>
      <span role="status">
        Rows {first}–{last} of {filtered}
        {filtered !== all ? ` (filtered from ${all})` : ""}
      </span>
      <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
        Previous page
      </button>
      <span>
        Page {Math.min(pageIndex + 1, Math.max(table.getPageCount(), 1))} of {Math.max(table.getPageCount(), 1)}
      </span>
      <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
        Next page
      </button>
      <label htmlFor={`${tableId}-size`}>Rows per page</label>
      <select id={`${tableId}-size`} value={pageSize} onChange={(e) => table.setPageSize(Number(e.target.value))}>
        {pageSizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The current page's rows, or a row that says why there are none. */
export function BodyRows({ table, columns }: { table: Table<DataRow>; columns: DataColumn[] }) {
  const pageRows = table.getRowModel().rows;
  if (pageRows.length === 0) {
    const noRowsAtAll = table.getCoreRowModel().rows.length === 0;
    return (
      <tr>
        <td colSpan={columns.length} className={styles.empty}>
          {noRowsAtAll ? "There are no rows." : "No rows match the filters. Change or clear them to see more."}
        </td>
      </tr>
    );
  }
  return pageRows.map((row) => (
    <tr key={row.id}>
      {columns.map((c) => (
        <td key={c.id} className={c.type === "number" ? styles.number : undefined}>
          <CellContent row={row.original} column={c} />
        </td>
      ))}
    </tr>
  ));
}
