/**
 * A trend point's click: its result's cell in the laboratory grid, brought
 * into view and focused; when the cell is on another page of visits, the grid
 * turns to that page first (a history entry, so Back returns).
 */
import type { TrendPoint } from "@/lib/clinical/subjects/trend-series";
import { useTurnGrid } from "./turn-grid";

/** Where a result is in the grid: its page of visits and the id of its element there. */
export interface GridCellRef {
  page: number;
  id: string;
}

/** Opens a point's result in the grid: now, or after the grid has turned to the page that holds it. */
export function useOpenRecord(cells: Record<string, GridCellRef> | null) {
  const { turn } = useTurnGrid();
  return (point: TrendPoint) => {
    const cell = cells?.[point.id];
    if (cell) turn(cell.page, cell.id);
  };
}
