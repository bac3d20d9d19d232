import type { ColumnDef, RowData } from "@tanstack/react-table";
import type { DataColumn, DataRow } from "@/lib/tables/types";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A column of numbers: its header is right-aligned over its right-aligned cells. */
    numeric?: boolean;
    /** What an abbreviated header means (DataColumn.description). */
    description?: string;
  }
}

/**
 * TanStack column definitions for the serializable column descriptions: headers and state only. The rows come
 * filtered and sorted (./use-data-table.ts), so no sorting or filter function is set here.
 */
export function columnDefs(columns: readonly DataColumn[]): ColumnDef<DataRow>[] {
  return columns.map((c) => ({
    id: c.id,
    header: c.header,
    meta: { numeric: c.type === "number", description: c.description },
    accessorFn: (row) => row[c.id] ?? undefined,
    // Ascending first, as in the server's tables (use-server-table.ts).
    sortDescFirst: false,
    // Never called (the table filters manually); set so that TanStack does not guess one from the first row.
    filterFn: () => true,
  }));
}
