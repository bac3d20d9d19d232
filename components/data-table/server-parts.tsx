"use client";
/** The parts of a ServerDataTable (./ServerDataTable.tsx) that read its page and URL state, not a tanstack table. */
import { Children, type ReactNode } from "react";
import type { TablePage } from "@/lib/tables/server-table";
import type { DataColumn } from "@/lib/tables/types";
import type { TableUrlState } from "@/lib/tables/url-state";
import { CellContent } from "./CellContent";
import { cellClass } from "./cell-class";
import styles from "./data-table.module.css";
import { HeaderTip } from "./HeaderTip";
import { FilterInput } from "./parts";
import { useHydrated } from "./use-hydrated";
import { SEARCH, type ServerTableState } from "./use-server-table";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * The search over all columns, the clearing button, the Columns chooser, the export, and a word while the server
 * answers. A lean table (./lean.ts) has no search, and its clearing button only while a sort is set.
 */
export function ServerToolbar({
  tableId,
  table,
  lean,
  children,
}: {
  tableId: string;
  table: ServerTableState;
  lean: boolean;
  children?: ReactNode;
}) {
  const ready = useHydrated();
  // A lean table with nothing to clear, choose or export: no toolbar, no blank line.
  if (lean && !table.narrowed && !table.pending && Children.toArray(children).length === 0) return null;
  return (
    <div className={styles.toolbar}>
      {lean ? null : (
        <>
          <label htmlFor={`${tableId}-search`}>Search all columns</label>
          <input
            id={`${tableId}-search`}
            type="search"
            disabled={!ready}
            value={table.typed[SEARCH] ?? ""}
            onChange={(e) => table.typeFilter(SEARCH, e.target.value)}
          />
        </>
      )}
      {!lean || table.narrowed ? (
        <button type="button" disabled={!table.narrowed} onClick={table.clear}>
          {lean ? "Clear sorting" : "Clear sorting and filters"}
        </button>
      ) : null}
      {children}
      {table.pending ? <span role="status">Updating…</span> : null}
    </div>
  );
}

/** The headers, each a button that sorts by its column (shift-click adds it). */
export function ServerHeaderRow({
  columns,
  sorting,
  onSort,
}: {
  columns: DataColumn[];
  sorting: TableUrlState["sorting"];
  onSort: (id: string, add: boolean) => void;
}) {
  const ready = useHydrated();
  return (
    <tr>
      {columns.map((c) => {
        const sorted = sorting.find((s) => s.id === c.id);
        const dir = sorted ? (sorted.desc ? "desc" : "asc") : undefined;
        return (
          <th
            key={c.id}
            scope="col"
            aria-sort={dir ? ARIA_SORT[dir] : "none"}
            className={c.type === "number" ? styles.number : undefined}
          >
            <HeaderTip tip={c.description}>
              <button type="button" className={styles.sort} disabled={!ready} onClick={(e) => onSort(c.id, e.shiftKey)}>
                {c.header}
                <span aria-hidden="true">{dir === "asc" ? " ▲" : dir === "desc" ? " ▼" : ""}</span>
              </button>
            </HeaderTip>
          </th>
        );
      })}
    </tr>
  );
}

/** A filter per column, showing the texts as typed. */
export function ServerFilterRow({
  columns,
  tableId,
  typed,
  onType,
}: {
  columns: DataColumn[];
  tableId: string;
  typed: Record<string, string>;
  onType: (id: string, value: string) => void;
}) {
  return (
    <tr>
      {columns.map((c) => (
        <td key={c.id}>
          <FilterInput column={c} tableId={tableId} value={typed[c.id] ?? ""} onChange={(v) => onType(c.id, v)} />
        </td>
      ))}
    </tr>
  );
}

/** The page's rows in the columns shown, or a row that says why there are none. */
export function ServerBodyRows({
  page,
  columns,
  carried,
  rowId,
}: {
  page: TablePage;
  columns: DataColumn[];
  carried: string;
  /** The row property holding each row's element ID (ServerDataTableProps.rowId). */
  rowId?: string;
}) {
  if (page.rows.length === 0)
    return (
      <tr>
        <td colSpan={columns.length} className={styles.empty}>
          {page.total === 0 ? "There are no rows." : "No rows match the filters. Change or clear them to see more."}
        </td>
      </tr>
    );
  return page.rows.map((row, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: page rows have no key; the page is replaced whole.
    <tr key={i} id={rowId ? String(row[rowId] ?? "") || undefined : undefined}>
      {columns.map((c) => (
        <td key={c.id} className={cellClass(c, row)}>
          <CellContent row={row} column={c} carried={carried} />
        </td>
      ))}
    </tr>
  ));
}
