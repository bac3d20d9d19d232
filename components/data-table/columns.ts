import type { ColumnDef } from "@tanstack/react-table";
import { numberMatches, textMatches } from "@/lib/tables/filters";
import type { DataColumn, DataRow } from "@/lib/tables/types";

/** TanStack column definitions for the serializable column descriptions. */
export function columnDefs(columns: readonly DataColumn[]): ColumnDef<DataRow>[] {
  return columns.map((c) => ({
    id: c.id,
    header: c.header,
    // undefined rather than null, so that sortUndefined keeps blanks last in either direction.
    accessorFn: (row) => row[c.id] ?? undefined,
    sortingFn: c.type === "number" ? "basic" : "alphanumeric",
    sortUndefined: "last",
    sortDescFirst: false,
    filterFn: (row, id, filter: string) =>
      (c.type === "number" ? numberMatches : textMatches)(row.getValue(id), filter),
  }));
}
