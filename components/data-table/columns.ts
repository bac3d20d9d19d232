import type { ColumnDef } from "@tanstack/react-table";
import type { DataColumn, DataRow } from "@/lib/tables/types";

/**
 * TanStack column definitions for the serializable column descriptions: headers and state only. The rows come
 * filtered and sorted (./use-data-table.ts), so no sorting or filter function is set here.
 */
export function columnDefs(columns: readonly DataColumn[]): ColumnDef<DataRow>[] {
  return columns.map((c) => ({
    id: c.id,
    header: c.header,
    accessorFn: (row) => row[c.id] ?? undefined,
    // Ascending first, as in the server's tables (use-server-table.ts).
    sortDescFirst: false,
    // Never called (the table filters manually); set so that TanStack does not guess one from the first row.
    filterFn: () => true,
  }));
}
