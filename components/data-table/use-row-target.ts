"use client";
/**
 * A link to one row of a DataTable (`#<id>`, the row property named by the table's `rowId`) shows that row wherever
 * it is. A row on the page shown is the browser's to scroll to and mark (:target, data-table.module.css); a row on
 * another page, or hidden by the filters, is brought in first (./row-target.ts), then the address is followed again
 * (a fragment navigation, no reload) so that the browser scrolls to it and marks it, which it could not do while
 * the row was not in the page. So is a row that a link from another page opened: the router changes the address
 * without following its fragment, and marks nothing.
 */
import { useEffect, useRef, useState } from "react";
import type { TableUrlState } from "@/lib/tables/url-state";
import { followFragment, fragmentId, isMarked, type RowSets, rowTargetStep } from "./row-target";

/** A filter cleared, then a page turned: never more steps than these for one link. */
const MAX_STEPS = 3;

export function useRowTarget(
  /** Every row of the table, those that pass its filters in its order, and the page shown (./use-data-table). */
  rows: RowSets,
  rowId: string | undefined,
  view: TableUrlState,
  setView: (next: TableUrlState) => void,
): void {
  const [wanted, setWanted] = useState("");
  const steps = useRef(0);

  useEffect(() => {
    if (!rowId) return;
    const read = () => {
      steps.current = 0;
      setWanted(fragmentId(window.location.hash));
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [rowId]);

  // After every render while a row is wanted: one step closer to showing it.
  useEffect(() => {
    if (!rowId || wanted === "") return;
    const step = rowTargetStep(wanted, rowId, rows);
    if (step.kind === "not-here" || step.kind === "shown" || steps.current >= MAX_STEPS) {
      setWanted("");
      // Brought in by the steps, or opened by the router: follow the fragment again now that its row is in the page.
      if (step.kind === "shown" && (steps.current > 0 || !isMarked(wanted))) followFragment();
      return;
    }
    steps.current++;
    if (step.kind === "clear-filters") setView({ ...view, columnFilters: [], globalFilter: "", pageIndex: 0 });
    else setView({ ...view, pageIndex: step.pageIndex });
  });
}

/**
 * A ServerDataTable's rows (the server's page, which it cannot turn from here): the row the address's fragment names,
 * when it is on the page and the router opened it unmarked, is scrolled to and marked.
 */
export function useServerRowTarget(pageRows: readonly unknown[], rowId: string | undefined): void {
  useEffect(() => {
    // Again for every page the server sends: the row may be on it.
    if (!rowId || pageRows.length === 0) return;
    const id = fragmentId(window.location.hash);
    if (id !== "" && document.getElementById(id)?.closest("tbody") && !isMarked(id)) followFragment();
  }, [pageRows, rowId]);
}
