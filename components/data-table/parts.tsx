"use client";
import { flexRender, type Header, type Table } from "@tanstack/react-table";
import { exactFilter } from "@/lib/tables/filters";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { CellContent } from "./CellContent";
import { cellClass } from "./cell-class";
import styles from "./data-table.module.css";
import { HeaderTip } from "./HeaderTip";
import { useHydrated } from "./use-hydrated";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

export function HeaderCell({ header }: { header: Header<DataRow, unknown> }) {
  const sorted = header.column.getIsSorted();
  const next = header.column.getNextSortingOrder();
  const ready = useHydrated();
  return (
    <th
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : "none"}
      className={header.column.columnDef.meta?.numeric ? styles.number : undefined}
    >
      <HeaderTip tip={header.column.columnDef.meta?.description}>
        <button
          type="button"
          className={styles.sort}
          disabled={!ready}
          onClick={header.column.getToggleSortingHandler()}
          title={next ? `Sort ${next === "asc" ? "ascending" : "descending"}` : "Remove sorting"}
        >
          {flexRender(header.column.columnDef.header, header.getContext())}
          <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
        </button>
      </HeaderTip>
    </th>
  );
}

export function FilterCell({ table, column, tableId }: { table: Table<DataRow>; column: DataColumn; tableId: string }) {
  const value = (table.getColumn(column.id)?.getFilterValue() as string | undefined) ?? "";
  return (
    <td>
      <FilterInput
        column={column}
        tableId={tableId}
        value={value}
        onChange={(v) => table.getColumn(column.id)?.setFilterValue(v)}
      />
    </td>
  );
}

/**
 * A column's filter, labelled for screen readers: typed text, or for a column of a few words (DataColumn.choices)
 * a choice among them, each an exact match ("=Reviewed" is not "Not reviewed").
 */
export function FilterInput({
  column,
  tableId,
  value,
  onChange,
}: {
  column: DataColumn;
  tableId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `${tableId}-filter-${column.id}`;
  const ready = useHydrated();
  const label = (
    <label htmlFor={id} className={styles.hidden}>
      Filter {column.header}
    </label>
  );
  if (column.choices)
    return (
      <>
        {label}
        <select
          id={id}
          className={styles.filter}
          disabled={!ready}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">All</option>
          {column.choices.map((c) => (
            <option key={c} value={exactFilter(c)}>
              {c}
            </option>
          ))}
        </select>
      </>
    );
  return (
    <>
      {label}
      <input
        id={id}
        className={styles.filter}
        type="text"
        disabled={!ready}
        value={value}
        placeholder={column.type === "number" ? "e.g. >2" : "contains (=exact)"}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

export interface PagerProps {
  tableId: string;
  pageSizes: readonly number[];
  pageIndex: number;
  pageSize: number;
  /** Rows that pass the filters, and all rows. */
  filtered: number;
  total: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
  /** What a printout of the table holds: its every row, or the page on screen only (then a printed note says so). */
  printed: "all" | "page";
  /**
   * The page states how many rows the table holds (a heading's count): the status says where the page is among
   * them, and a count only when the table's own filters narrow the rows further.
   */
  countStated?: boolean;
}

/** The pager's status: "Rows 1–25 of 283", or "Rows 1–25" where the page states the count. */
export function pagerStatus(first: number, last: number, filtered: number, total: number, countStated = false) {
  const n = (x: number) => x.toLocaleString("en");
  const narrowed = filtered !== total;
  if (countStated && !narrowed) return `Rows ${n(first)}–${n(last)}`;
  return `Rows ${n(first)}–${n(last)} of ${n(filtered)}${narrowed ? ` (filtered from ${n(total)})` : ""}`;
}

/** Where the page is among the rows, with the buttons to move and the page size: the same for both tables. */
export function Pager(props: PagerProps) {
  const { tableId, pageSizes, pageIndex, pageSize, filtered, total, onPage, onPageSize, printed, countStated } = props;
  const pageCount = Math.max(1, Math.ceil(filtered / pageSize));
  const shownIndex = Math.min(pageIndex, pageCount - 1);
  const first = filtered === 0 ? 0 : shownIndex * pageSize + 1;
  const last = Math.min(filtered, (shownIndex + 1) * pageSize);
  const n = (x: number) => x.toLocaleString("en");
  const ready = useHydrated();
  return (
    <div className={styles.pager}>
      <span role="status">{pagerStatus(first, last, filtered, total, countStated)}</span>
      {printed === "page" && last - first + 1 < filtered ? (
        <span className={styles.printOnly}>
          Printed: these rows only. To have all {n(filtered)}, export the table (CSV or Excel).
        </span>
      ) : null}
      <button type="button" onClick={() => onPage(shownIndex - 1)} disabled={!ready || shownIndex === 0}>
        Previous page
      </button>
      <span>
        Page {shownIndex + 1} of {pageCount}
      </span>
      <button type="button" onClick={() => onPage(shownIndex + 1)} disabled={!ready || shownIndex + 1 >= pageCount}>
        Next page
      </button>
      <label htmlFor={`${tableId}-size`}>Rows per page</label>
      <select
        id={`${tableId}-size`}
        value={pageSize}
        disabled={!ready}
        onChange={(e) => onPageSize(Number(e.target.value))}
      >
        {pageSizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The rows shown (the page, or when printed every row that passes the filters), or a row that says why none are. */
export function BodyRows({
  rows,
  columns,
  carried,
  rowId,
  total,
}: {
  rows: readonly DataRow[];
  columns: DataColumn[];
  carried: string;
  /** The row property holding each row's element ID (DataTableProps.rowId). */
  rowId?: string;
  /** Rows before filtering. */
  total: number;
}) {
  if (rows.length === 0) {
    const noRowsAtAll = total === 0;
    return (
      <tr>
        <td colSpan={columns.length} className={styles.empty}>
          {noRowsAtAll ? "There are no rows." : "No rows match the filters. Change or clear them to see more."}
        </td>
      </tr>
    );
  }
  // Keyed by place: the rows are plain values, and a row's place is what the page shows.
  return rows.map((row, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ID of their own in general
    <tr key={i} id={rowId ? String(row[rowId] ?? "") || undefined : undefined}>
      {columns.map((c) => (
        <td key={c.id} className={cellClass(c, row)}>
          <CellContent row={row} column={c} carried={carried} />
        </td>
      ))}
    </tr>
  ));
}
