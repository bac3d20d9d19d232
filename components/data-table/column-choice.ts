"use client";
/**
 * Which columns of a wide table are shown (docs/design.md, Tables): its key columns always; each other column as
 * the reader chose in the table's Columns chooser, else as the table declares (DataColumn.priority). The choice is
 * kept in the browser's localStorage under the table's export key (view and table), so that it follows the reader
 * on that browser to every study; a table without an export key keeps it while the page is open. A column that
 * sorts or filters the view is shown whatever the choice, so that no hidden column narrows the rows unseen.
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import type { DataColumn } from "@/lib/tables/types";

/** The reader's choices: shown (true) or hidden (false), by column ID; a column not named keeps its default. */
export type ColumnChoices = Readonly<Record<string, boolean>>;

/** The localStorage key of a table's choices. */
export const choiceStorageKey = (table: { view: string; table: string }) =>
  `study-portal.columns.${table.view}.${table.table}`;

/** Same-tab writes: the `storage` event reaches other tabs only. */
const CHANGED = "study-portal:columns";

/** Whether a table offers a Columns chooser: it declares key columns, and has others besides. */
export function offersChooser(columns: readonly DataColumn[]): boolean {
  return columns.some((c) => c.priority === "key") && columns.some((c) => c.priority !== "key");
}

/** Whether a column is shown: key and in-use columns always; the others by the reader's choice, else by default. */
export function isShown(column: DataColumn, choices: ColumnChoices, inUse: ReadonlySet<string>): boolean {
  if (column.priority === "key" || inUse.has(column.id)) return true;
  return choices[column.id] ?? column.priority !== "hidden-by-default";
}

/** The choices kept as text: an object of booleans, anything else read as no choice. */
export function parseChoices(text: string | null): ColumnChoices {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "boolean"));
  } catch {
    return {};
  }
}

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage refused (a private window, a policy): the defaults.
    return null;
  }
}

/** The choices kept for a table on this browser. */
export const storedChoices = (key: string): ColumnChoices => parseChoices(readStored(key));

/** Keeps a table's choices on this browser (none: its defaults again); false where storage refuses them. */
export function keepChoices(key: string, choices: ColumnChoices): boolean {
  try {
    if (Object.keys(choices).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(choices));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(CHANGED));
  return true;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export interface ColumnChoice {
  /** The columns shown, in the table's order. */
  shown: DataColumn[];
  choices: ColumnChoices;
  /** Shows or hides one column. */
  choose: (id: string, show: boolean) => void;
  /** Back to the table's defaults. */
  reset: () => void;
}

/**
 * The shown columns of a table and the reader's means to choose them. The server renders the defaults; the stored
 * choice applies once the page runs in the browser.
 */
export function useColumnChoice(
  columns: readonly DataColumn[],
  storageKey: string | null,
  inUse: ReadonlySet<string>,
): ColumnChoice {
  const stored = useSyncExternalStore(
    subscribe,
    () => (storageKey ? readStored(storageKey) : null),
    () => null,
  );
  const [local, setLocal] = useState<ColumnChoices | null>(null);
  const choices = useMemo(() => local ?? parseChoices(stored), [local, stored]);
  const keep = useCallback(
    // Where storage refuses it (or the table has no key), the choice lasts while the page is open.
    (next: ColumnChoices) => setLocal(storageKey && keepChoices(storageKey, next) ? null : next),
    [storageKey],
  );
  const shown = useMemo(() => columns.filter((c) => isShown(c, choices, inUse)), [columns, choices, inUse]);
  return {
    shown,
    choices,
    choose: (id, show) => keep({ ...choices, [id]: show }),
    reset: () => keep({}),
  };
}
