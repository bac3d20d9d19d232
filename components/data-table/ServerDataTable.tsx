"use client";
/**
 * A table whose rows are sorted, filtered and paged on the server
 * (lib/tables/server-table.ts): the browser holds one page. It looks and
 * reads like DataTable and keeps the same URL state, but each change is a
 * navigation that the server answers with the new page. Filters are sent
 * after a short pause in typing, not at each keystroke.
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import type { TablePage } from "@/lib/tables/server-table";
import {
  DEFAULT_PAGE_SIZES,
  parseTableState,
  serializeTableState,
  type TableUrlState,
  type UrlStateOptions,
} from "@/lib/tables/url-state";
import { CellContent } from "./CellContent";
import styles from "./data-table.module.css";
import { Pager } from "./parts";

const TYPING_PAUSE_MS = 400;
const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

export interface ServerDataTableProps {
  caption: string;
  page: TablePage;
  pageSizes?: number[];
  urlPrefix?: string;
}

export function ServerDataTable({
  caption,
  page,
  pageSizes = [...DEFAULT_PAGE_SIZES],
  urlPrefix,
}: ServerDataTableProps) {
  const tableId = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const opts: UrlStateOptions = { columns: page.columns.map((c) => c.id), pageSizes, prefix: urlPrefix };
  const state = parseTableState(params, opts);
  const [typed, setTyped] = useState(() => textInputs(state));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const paramsKey = params.toString();

  // The URL changed by other means (a link, back and forward): show its filters.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the one input.
  useEffect(() => setTyped(textInputs(parseTableState(new URLSearchParams(paramsKey), opts))), [paramsKey]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (next: TableUrlState) => {
    const query = serializeTableState(next, new URLSearchParams(window.location.search), opts).toString();
    startTransition(() => router.replace(`${pathname}${query ? `?${query}` : ""}`, { scroll: false }));
  };
  const typeFilter = (id: string, value: string) => {
    const inputs = { ...typed, [id]: value };
    setTyped(inputs);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(fromInputs(state, inputs)), TYPING_PAUSE_MS);
  };
  const sortBy = (id: string, add: boolean) => {
    const current = state.sorting.find((s) => s.id === id);
    // Ascending, then descending, then off; shift-click adds a column.
    const nextItem = !current ? { id, desc: false } : current.desc ? null : { id, desc: true };
    const others = add ? state.sorting.filter((s) => s.id !== id) : [];
    go({ ...state, sorting: nextItem ? [...others, nextItem] : others, pageIndex: 0 });
  };
  const narrowed = state.sorting.length > 0 || state.columnFilters.length > 0 || state.globalFilter !== "";
  const carried = serializeTableState(state, new URLSearchParams(), opts).toString();

  return (
    <div aria-busy={pending}>
      <div className={styles.toolbar}>
        <label htmlFor={`${tableId}-search`}>Search all columns</label>
        <input
          id={`${tableId}-search`}
          type="search"
          value={typed[SEARCH] ?? ""}
          onChange={(e) => typeFilter(SEARCH, e.target.value)}
        />
        <button
          type="button"
          disabled={!narrowed}
          onClick={() => go({ ...state, sorting: [], columnFilters: [], globalFilter: "", pageIndex: 0 })}
        >
          Clear sorting and filters
        </button>
        {pending ? <span role="status">Updating…</span> : null}
      </div>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {page.columns.map((c) => {
                const sorted = state.sorting.find((s) => s.id === c.id);
                const dir = sorted ? (sorted.desc ? "desc" : "asc") : undefined;
                return (
                  <th key={c.id} scope="col" aria-sort={dir ? ARIA_SORT[dir] : "none"}>
                    <button type="button" className={styles.sort} onClick={(e) => sortBy(c.id, e.shiftKey)}>
                      {c.header}
                      <span aria-hidden="true">{dir === "asc" ? " ▲" : dir === "desc" ? " ▼" : ""}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
            <tr>
              {page.columns.map((c) => (
                <td key={c.id}>
                  <label htmlFor={`${tableId}-filter-${c.id}`} className={styles.hidden}>
                    Filter {c.header}
                  </label>
                  <input
                    id={`${tableId}-filter-${c.id}`}
                    className={styles.filter}
                    type="text"
                    value={typed[c.id] ?? ""}
                    placeholder={c.type === "number" ? "e.g. >2" : "contains (=exact)"}
                    onChange={(e) => typeFilter(c.id, e.target.value)}
                  />
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.rows.length === 0 ? (
              <tr>
                <td colSpan={page.columns.length} className={styles.empty}>
                  {page.total === 0
                    ? "There are no rows."
                    : "No rows match the filters. Change or clear them to see more."}
                </td>
              </tr>
            ) : (
              page.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: page rows have no key; the page is replaced whole.
                <tr key={i}>
                  {page.columns.map((c) => (
                    <td key={c.id} className={c.type === "number" ? styles.number : undefined}>
                      <CellContent row={row} column={c} carried={carried} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        tableId={tableId}
        pageSizes={pageSizes}
        pageIndex={page.pageIndex}
        pageSize={page.pageSize}
        filtered={page.filtered}
        total={page.total}
        onPage={(pageIndex) => go({ ...state, pageIndex })}
        onPageSize={(pageSize) => go({ ...state, pageSize, pageIndex: 0 })}
      />
    </div>
  );
}

/** The search box's key among the typed texts; no column ID has a space. */
const SEARCH = " search";

function textInputs(state: TableUrlState): Record<string, string> {
  return {
    [SEARCH]: state.globalFilter,
    ...Object.fromEntries(state.columnFilters.map((f) => [f.id, f.value])),
  };
}

function fromInputs(state: TableUrlState, inputs: Record<string, string>): TableUrlState {
  const columnFilters = Object.entries(inputs)
    .filter(([id, value]) => id !== SEARCH && value.trim() !== "")
    .map(([id, value]) => ({ id, value }));
  return { ...state, columnFilters, globalFilter: inputs[SEARCH] ?? "", pageIndex: 0 };
}
