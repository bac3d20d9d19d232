"use client";
/**
 * Whether the page is being printed. A browser's table holds all its rows but shows one page of them; printed, it
 * shows every row that passes its filters (up to PRINT_ALL_MAX), so that a printout is the table, not the page the
 * reader happened to be on. The browser lays the printout out right after `beforeprint`, so the rows are rendered
 * in that event, synchronously; a print preview by media emulation changes the `print` media query instead.
 */
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";

/** Rows a printed table shows in full: about 40 printed pages. Past it, the page on screen, and a note says so. */
export const PRINT_ALL_MAX = 2000;

export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia("print");
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(media.matches);
    const changed = (e: MediaQueryListEvent) => (e.matches ? before() : after());
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    media.addEventListener("change", changed);
    // Printing already (the page was opened in print media): the rows at once.
    if (media.matches) setPrinting(true);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      media.removeEventListener("change", changed);
    };
  }, []);
  return printing;
}
