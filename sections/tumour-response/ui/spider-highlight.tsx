"use client";
/**
 * The spider plot's highlighted subject: the one whose point the pointer is on, or whose button in the legend has the
 * pointer or the keyboard focus. Its line is drawn thicker and every other line dimmed, so that one course reads
 * among forty; the tooltip and the line under the plot name the subject. Shared by the plot and its legend, which
 * the page draws apart (./SpiderContent.tsx).
 */
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { RESPONSE_NAME } from "./response-look";
import type { SpiderLine } from "./spider-data";
import styles from "./tumour-response.module.css";

interface Highlight {
  subject: string | null;
  set: (subject: string | null) => void;
}

const HighlightContext = createContext<Highlight>({ subject: null, set: () => {} });

export function SpiderHighlight({ children }: { children: ReactNode }) {
  const [subject, set] = useState<string | null>(null);
  const value = useMemo(() => ({ subject, set }), [subject]);
  return <HighlightContext.Provider value={value}>{children}</HighlightContext.Provider>;
}

export const useHighlight = () => useContext(HighlightContext);

/** How a subject's line and points are drawn: as usual with none highlighted, else stronger or dimmed. */
export function lineLook(subjectId: string, highlighted: string | null) {
  if (highlighted === null) return { state: "none", opacity: 1, width: 1.5 } as const;
  return highlighted === subjectId
    ? ({ state: "on", opacity: 1, width: 3 } as const)
    : ({ state: "dim", opacity: DIMMED, width: 1 } as const);
}

/** Dimmed lines stay visible as context, well behind the highlighted one. */
export const DIMMED = 0.15;

/** The handlers that highlight a subject while the pointer or the focus is on an element. */
export function highlightHandlers(set: Highlight["set"], subjectId: string) {
  const on = () => set(subjectId);
  const off = () => set(null);
  return { onMouseEnter: on, onMouseLeave: off, onFocus: on, onBlur: off };
}

/** Under the plot, in words: the subject highlighted, or how to highlight one. */
export function HighlightLine({ lines }: { lines: SpiderLine[] }) {
  const { subject } = useHighlight();
  const line = lines.find((l) => l.subjectId === subject);
  return (
    <p className={styles.highlightLine} aria-live="polite">
      {line
        ? `Highlighted: subject ${line.subjectId} (best overall response ${line.bor}, ${RESPONSE_NAME[line.bor]}); ` +
          "the other lines are dimmed."
        : "Point at a subject's marker, or at its name in the list below (or focus it), to highlight its line."}
    </p>
  );
}
