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

/** Opens a point's result in the grid: its cell now, or after the grid has turned to the page that holds it. */
export function useOpenRecord(gridPages: Record<string, number> | null) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return (point: TrendPoint) => {
    const id = `lab-result-${point.id}`;
    const page = gridPages?.[point.id];
    if (!document.getElementById(id) && page !== undefined)
      router.push(`${pathname}${withParam(params, GRID_PAGE, gridPageValue(page))}`, { scroll: false });
    focusWhenShown(id);
  };
}
