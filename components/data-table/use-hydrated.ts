"use client";
/**
 * Whether React runs this component in the browser yet. A table's controls (and the Sign out button) are in the
 * server's HTML before the page's script has run; until then a click or a choice there would do nothing, silently.
 * They are shown disabled until the page is ready, so that nobody (a person or a test) acts on a control that
 * cannot answer.
 */
import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

export function useHydrated(): boolean {
  // The server's snapshot (false) is used for the HTML and for hydration; the browser's (true) right after.
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
