"use client";
/**
 * A chart drawn in the browser only. Recharts writes its sizes as style attributes; the pages'
 * Content-Security-Policy refuses style attributes in the server's markup (docs/security.md), and
 * React does not write them again when it hydrates. Drawn once the page's script runs, the chart's styles are set
 * through the CSSOM, which the policy allows. The box keeps the chart's height meanwhile, set the same way.
 */
import { type ReactNode, useCallback } from "react";
import { useHydrated } from "@/components/data-table/use-hydrated";
import styles from "./charts.module.css";

/** `height`: the chart's, in pixels; none where the box's own class sizes it (an aspect ratio, a fixed height). */
export function ChartArea({ height, children }: { height?: number; children: ReactNode }) {
  const hydrated = useHydrated();
  const keepHeight = useCallback(
    (box: HTMLDivElement | null) => {
      if (box && height !== undefined) box.style.minHeight = `${height}px`;
    },
    [height],
  );
  return (
    <div ref={keepHeight} className={styles.chartArea}>
      {hydrated ? children : null}
    </div>
  );
}
