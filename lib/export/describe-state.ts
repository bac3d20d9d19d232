/**
 * A table's URL state in words, for the About sheet of an export and its audit record: which filters, search and
 * sort made the rows. Filter texts are the user's own, quoted as typed (at most 200 characters each, url-state.ts).
 */
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableUrlState } from "@/lib/tables/url-state";

export function describeState<R>(state: TableUrlState, columns: readonly TableColumn<R>[]): string[] {
  const header = new Map(columns.map((c) => [c.id, c.header]));
  const out = state.columnFilters.map((f) => `Filter ${header.get(f.id) ?? f.id}: ${JSON.stringify(f.value)}`);
  if (state.globalFilter !== "") out.push(`Search all columns: ${JSON.stringify(state.globalFilter)}`);
  if (state.sorting.length > 0) {
    const keys = state.sorting.map((s) => `${header.get(s.id) ?? s.id} ${s.desc ? "descending" : "ascending"}`);
    out.push(`Sorted by ${keys.join(", then ")}`);
  }
  return out;
}
