/**
 * Bringing an element of the laboratory grid into view and focus (a result's cell, a visit's column head) from
 * another part of the profile: when it is on another page of visits, the grid turns to that page first (a history
 * entry, so Back returns). One way for the trend's points, the timeline's laboratory visits and the visit list.
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { pageOfColumn } from "@/lib/clinical/laboratory/grid-pages";
import { chooseVisitsPerPage, GRID_PAGE, GRID_VISITS, gridPageValue, visitHeadId, withParam } from "../query";
import { focusWhenShown } from "./focus-when-shown";

export function useTurnGrid() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  /** The element `id`, on page `page` of visits. */
  const turn = (page: number, id: string) => {
    if (!document.getElementById(id))
      startTransition(() =>
        router.push(`${pathname}${withParam(searchParams, GRID_PAGE, gridPageValue(page))}`, { scroll: false }),
      );
    focusWhenShown(id);
  };
  /** A visit's column head, by its index over the whole grid, on the page the URL's page size puts it. */
  const toVisit = (column: number) =>
    turn(pageOfColumn(column, chooseVisitsPerPage(searchParams.get(GRID_VISITS))), visitHeadId(column));
  return { turn, toVisit, pending };
}
