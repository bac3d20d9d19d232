/**
 * A chart's data table (./ChartPanel.tsx) as the panel shows it and its export writes it: exactly the plotted
 * values, one row per point, bar or segment, with its URL state under the chart's own prefix. A plain module, so
 * that the server's exports build it from the same function as the page.
 */
import type { TableRows } from "@/lib/tables/packed-rows";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";

/** The rows as given: plain for an export, packed when the server sent them so (lib/tables/packed-rows.ts). */
export function chartTable<R extends TableRows = DataRow[]>(
  id: string,
  title: string,
  columns: DataColumn[],
  rows: R,
): Omit<PlainTable, "rows"> & { rows: R } {
  return { caption: `Data of the chart: ${title}`, columns, rows, urlPrefix: `${id}_` };
}
