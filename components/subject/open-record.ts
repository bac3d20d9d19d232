/**
 * A trend point's click: its result's cell in the laboratory grid, brought
 * into view and focused; when the cell is on another page of visits, the grid
 * turns to that page first (a history entry, so Back returns).
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { TrendPoint } from "@/lib/clinical/trend-series";
import { focusWhenShown } from "./focus-when-shown";
import { GRID_PAGE, gridPageValue } from "./grid-choice";
import { withParam } from "./trend-choice";

/** Where a result is in the grid: its page of visits and the id of its element there. */
export interface GridCellRef {
  page: number;
  id: string;
}

/** Opens a point's result in the grid: now, or after the grid has turned to the page that holds it. */
export function useOpenRecord(cells: Record<string, GridCellRef> | null) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return (point: TrendPoint) => {
    const cell = cells?.[point.id];
    if (!cell) return;
    if (!document.getElementById(cell.id))
      router.push(`${pathname}${withParam(params, GRID_PAGE, gridPageValue(cell.page))}`, { scroll: false });
    focusWhenShown(cell.id);
  };
}
