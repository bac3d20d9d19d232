"use client";
/** What the response plots do on a click (open the subject's response page) and on hover (name the subject). */
import { useRouter } from "next/navigation";
import { useRef } from "react";
import type { MouseHandlerDataParam } from "recharts";
import { hrefInside } from "@/lib/tables/table-def";

/**
 * A click on a bar or point opens its subject's response page: the datum's subject ID inside `around`, the address
 * every subject's shares (../query.ts: responsePageAround), sent once rather than with each of a
 * thousand bars.
 */
export function useOpenSubject(around: readonly [string, string]) {
  const router = useRouter();
  return (item: { payload?: unknown }) => {
    const subjectId = (item.payload as { subjectId?: unknown } | undefined)?.subjectId;
    if (typeof subjectId === "string") router.push(hrefInside(around, encodeURIComponent(subjectId)));
  };
}

/**
 * The hovered category's label (a subject ID) written into an element under the chart, at the pointer's x: by
 * hand, not through React state, so that a chart of 1,000 bars is not drawn again on every move of the pointer.
 */
export function useHoveredLabel() {
  const ref = useRef<HTMLDivElement>(null);
  const show = (state: MouseHandlerDataParam) => {
    const el = ref.current;
    if (!el) return;
    el.textContent = state.isTooltipActive && state.activeLabel !== undefined ? String(state.activeLabel) : "";
    el.style.left = `${state.activeCoordinate?.x ?? 0}px`;
  };
  const clear = () => {
    if (ref.current) ref.current.textContent = "";
  };
  return { ref, show, clear };
}
