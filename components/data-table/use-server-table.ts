"use client";
/**
 * The state of a ServerDataTable (./ServerDataTable.tsx): the view as the URL
 * holds it, the filter texts as typed, and the changes, each a navigation
 * that the server answers with the new page. Filters are sent after a short
 * pause in typing, not at each keystroke.
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import type { TablePage } from "@/lib/tables/server-table";
import { parseTableState, serializeTableState, type TableUrlState, type UrlStateOptions } from "@/lib/tables/url-state";

const TYPING_PAUSE_MS = 400;

/** The search box's key among the typed texts; no column ID has a space. */
export const SEARCH = " search";

export function useServerTable(page: TablePage, pageSizes: number[], urlPrefix: string | undefined) {
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
  const sortBy = (id: string, add: boolean) => go(sortedBy(state, id, add));
  const clear = () => go({ ...state, sorting: [], columnFilters: [], globalFilter: "", pageIndex: 0 });
  const narrowed = state.sorting.length > 0 || state.columnFilters.length > 0 || state.globalFilter !== "";
  const carried = serializeTableState(state, new URLSearchParams(), opts).toString();
  return { state, typed, pending, go, typeFilter, sortBy, clear, narrowed, carried };
}

export type ServerTableState = ReturnType<typeof useServerTable>;

function sortedBy(state: TableUrlState, id: string, add: boolean): TableUrlState {
  const current = state.sorting.find((s) => s.id === id);
  // Ascending, then descending, then off; shift-click adds a column.
  const nextItem = !current ? { id, desc: false } : current.desc ? null : { id, desc: true };
  const others = add ? state.sorting.filter((s) => s.id !== id) : [];
  return { ...state, sorting: nextItem ? [...others, nextItem] : others, pageIndex: 0 };
}

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
