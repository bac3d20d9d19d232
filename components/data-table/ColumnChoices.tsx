"use client";
/**
 * The signed-in user's column choices for every table of the page (./column-choice.ts): the signed-in shell reads
 * them once, on the server, so that each table is drawn with the user's columns from the first paint, and keeps them
 * for the pages the user goes on to without reading them again. Choices still waiting for their pause are sent as
 * the page goes away.
 */
import { createContext, type ReactNode, useEffect, useState } from "react";
import type { TableColumnChoices } from "@/lib/db/table-column-rules";
import { ColumnChoiceStore } from "./column-choice-store";

/** None: a table keeps its choice while it is shown (./column-choice.ts). */
export const ColumnChoiceContext = createContext<ColumnChoiceStore | null>(null);

export function ColumnChoicesProvider({ initial, children }: { initial: TableColumnChoices; children: ReactNode }) {
  // The server's read of this page load: the shell is not drawn again on the way to another page, and the store
  // holds every choice made since.
  const [store] = useState(() => new ColumnChoiceStore(initial));
  useEffect(() => {
    const flush = () => store.flush();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [store]);
  return <ColumnChoiceContext.Provider value={store}>{children}</ColumnChoiceContext.Provider>;
}
