/**
 * The table's view (sorting, filters, search, page) as URL query
 * parameters, so that a view can be shared and survives a reload. Every
 * parameter is checked on the way in; a value that does not fit (an unknown
 * column, a page of "abc", a page size not offered) falls back to its default
 * alone, without spoiling the rest.
 *
 *   sort=birthYear.desc,subjectId.asc  q=<search>  f_<column>=<filter>  page=2  size=50
 */
import { z } from "zod";

export interface SortItem {
  id: string;
  desc: boolean;
}

export interface ColumnFilter {
  id: string;
  value: string;
}

export interface TableUrlState {
  sorting: SortItem[];
  columnFilters: ColumnFilter[];
  globalFilter: string;
  pageIndex: number;
  pageSize: number;
}

export interface UrlStateOptions {
  columns: readonly string[];
  pageSizes: readonly number[];
  /** Distinguishes the parameters of two tables on one page. */
  prefix?: string;
}

export type ParamSource = Pick<URLSearchParams, "get" | "forEach">;

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;
const MAX_TEXT = 200;

// Built once: a zod schema costs far more to build than to use, and every table of every page parses its state.
const text = z.string().trim().max(MAX_TEXT);
const textOrEmpty = text.catch("");
const sortItem = z.string().regex(/^([A-Za-z0-9_]+)\.(asc|desc)$/);
const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
const wholeNumber = z.coerce.number().int();

const names = (prefix = "") => ({
  sort: `${prefix}sort`,
  q: `${prefix}q`,
  page: `${prefix}page`,
  size: `${prefix}size`,
  filter: `${prefix}f_`,
});

export function defaultState(opts: UrlStateOptions): TableUrlState {
  return { sorting: [], columnFilters: [], globalFilter: "", pageIndex: 0, pageSize: defaultPageSize(opts.pageSizes) };
}

const defaultPageSize = (sizes: readonly number[]) => (sizes.includes(25) ? 25 : sizes[0]);

export function parseTableState(params: ParamSource, opts: UrlStateOptions): TableUrlState {
  const n = names(opts.prefix);
  const known = new Set(opts.columns);
  const sorting: SortItem[] = [];
  for (const item of (params.get(n.sort) ?? "").slice(0, 1000).split(",")) {
    if (!sortItem.safeParse(item).success) continue;
    const [id, dir] = item.split(".");
    if (known.has(id) && !sorting.some((s) => s.id === id)) sorting.push({ id, desc: dir === "desc" });
  }
  const columnFilters: ColumnFilter[] = [];
  params.forEach((value, key) => {
    const id = key.startsWith(n.filter) ? key.slice(n.filter.length) : undefined;
    const parsed = text.safeParse(value);
    if (id && known.has(id) && parsed.success && parsed.data && !columnFilters.some((f) => f.id === id))
      columnFilters.push({ id, value: parsed.data });
  });
  const size = wholeNumber.safeParse(params.get(n.size) ?? undefined);
  const page = pageNumber.safeParse(params.get(n.page) ?? undefined);
  return {
    sorting,
    columnFilters,
    globalFilter: textOrEmpty.parse(params.get(n.q) ?? ""),
    pageIndex: page.success ? page.data - 1 : 0,
    pageSize: size.success && opts.pageSizes.includes(size.data) ? size.data : defaultPageSize(opts.pageSizes),
  };
}

/** The query string for a state: other parameters are kept, defaults are left out. */
export function serializeTableState(
  state: TableUrlState,
  current: URLSearchParams,
  opts: UrlStateOptions,
): URLSearchParams {
  const n = names(opts.prefix);
  const out = new URLSearchParams();
  current.forEach((value, key) => {
    if (key !== n.sort && key !== n.q && key !== n.page && key !== n.size && !key.startsWith(n.filter))
      out.append(key, value);
  });
  if (state.sorting.length) out.set(n.sort, state.sorting.map((s) => `${s.id}.${s.desc ? "desc" : "asc"}`).join(","));
  for (const f of state.columnFilters) if (f.value.trim()) out.set(`${n.filter}${f.id}`, f.value.trim());
  if (state.globalFilter.trim()) out.set(n.q, state.globalFilter.trim());
  if (state.pageIndex > 0) out.set(n.page, String(state.pageIndex + 1));
  if (state.pageSize !== defaultPageSize(opts.pageSizes)) out.set(n.size, String(state.pageSize));
  return out;
}
