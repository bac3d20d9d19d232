/**
 * A subject's laboratory grid (./LabGrid.tsx) as its export writes it: every visit, not a page of them; a row per
 * test, a column per visit (its name and date), each cell as the grid writes it (the value with its flag, several
 * results of one visit together).
 */
import type { GridRow, LabGrid } from "@/lib/clinical/laboratory/grid";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";

export const labGridCaption = (subject: string, grid: LabGrid) =>
  `Laboratory results of subject ${subject} by visit (${grid.rows.length} tests, ${grid.columns.length} visits)`;

export function labGridDef(grid: LabGrid): TableDef<GridRow> {
  const columns: TableColumn<GridRow>[] = [
    { id: "test", header: "Test", variable: "LBTEST", value: (r) => r.test },
    { id: "code", header: "Service code", value: (r) => r.code },
    { id: "units", header: "Units", value: (r) => r.units.map((u) => u ?? "no unit").join(", ") },
    ...grid.columns.map(
      (c, i): TableColumn<GridRow> => ({
        id: `v${i}`,
        header: `${c.visit ?? "(no visit)"} (${c.date ?? "no date"})`,
        value: (r) => r.cells[i]?.text ?? null,
      }),
    ),
  ];
  return { columns, rows: grid.rows };
}
