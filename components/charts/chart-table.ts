/**
 * A chart's data table (./ChartPanel.tsx) as the panel shows it and its export writes it: exactly the plotted
 * values, one row per point, bar or segment, with its URL state under the chart's own prefix. A plain module, so
 * that the server's exports build it from the same function as the page.
 */
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";

export function chartTable(id: string, title: string, columns: DataColumn[], rows: DataRow[]): PlainTable {
  return { caption: `Data of the chart: ${title}`, columns, rows, urlPrefix: `${id}_` };
}
