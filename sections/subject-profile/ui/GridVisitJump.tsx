"use client";
/**
 * A way to the page of the laboratory grid that holds a chosen visit: every
 * visit with its date, grouped by page (each group says its visits and
 * dates). Choosing one opens its page (the URL's `grid=`) and brings the
 * visit's column into view.
 */
import { useId } from "react";
import { visitHeadId } from "../query";
import { useTurnGrid } from "./turn-grid";

export interface VisitPage {
  page: number;
  /** `Visits 13–24 (2024-01-04 to 2024-06-20)`. */
  label: string;
  /** The index (from 0, over the whole grid) of the page's first visit. */
  first: number;
  /** Its visits as shown in the list: `Cycle 2 Day 1, 2023-03-01`. */
  visits: string[];
}

export function GridVisitJump({ pages, current }: { pages: VisitPage[]; current: number }) {
  const id = useId();
  const { turn, pending } = useTurnGrid();
  const choose = (index: number) => {
    const page = pages.find((p) => index >= p.first && index < p.first + p.visits.length)?.page ?? current;
    turn(page, visitHeadId(index));
  };
  return (
    <span aria-busy={pending}>
      <label htmlFor={`${id}-visit`}>Go to visit </label>
      <select id={`${id}-visit`} value="" onChange={(e) => e.target.value !== "" && choose(Number(e.target.value))}>
        <option value="">Choose a visit…</option>
        {pages.map((p) => (
          <optgroup key={p.page} label={p.label}>
            {p.visits.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a visit is its place in the grid (its value too).
              <option key={p.first + i} value={p.first + i}>
                {v}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </span>
  );
}
