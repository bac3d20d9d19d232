"use client";
/**
 * Which columns of a wide table are shown (docs/design.md, Tables): its key columns always; each other column as
 * the reader chose in the table's Columns chooser, else as the table declares (DataColumn.priority). The choice is
 * the signed-in user's, kept in the portal database under the table's export key (view and table), so that it
 * follows the user to every study and every browser: the signed-in shell hands every table the user's choices,
 * read once for the page (./ColumnChoices.tsx), and saves each change (./column-choice-store.ts). A table without an
 * export key keeps its choice while the page is open. A column that sorts or filters the view is shown whatever the
 * choice, so that no hidden column narrows the rows unseen.
 */
import { useContext, useMemo, useState, useSyncExternalStore } from "react";
import type { ColumnChoices } from "@/lib/db/table-column-rules";
import type { DataColumn } from "@/lib/tables/types";
import { ColumnChoiceContext } from "./ColumnChoices";
import { ColumnChoiceStore } from "./column-choice-store";

/** Whether a table offers a Columns chooser: it declares key columns, and has others besides. */
export function offersChooser(columns: readonly DataColumn[]): boolean {
  return columns.some((c) => c.priority === "key") && columns.some((c) => c.priority !== "key");
}

/** Whether a column is shown: key and in-use columns always; the others by the reader's choice, else by default. */
export function isShown(column: DataColumn, choices: ColumnChoices, inUse: ReadonlySet<string>): boolean {
  if (column.priority === "key" || inUse.has(column.id)) return true;
  return Object.hasOwn(choices, column.id) ? choices[column.id] : shownByDefault(column);
}

const shownByDefault = (column: DataColumn) => column.priority !== "hidden-by-default";

/**
 * A table's choices with one column shown or hidden. A choice that is the column's default is no choice, so that
 * choosing back to the defaults box by box leaves none kept (and a default the table changes later applies).
 */
export function withChoice(choices: ColumnChoices, column: DataColumn, show: boolean): ColumnChoices {
  const { [column.id]: _, ...others } = choices;
  return show === shownByDefault(column) ? others : { ...others, [column.id]: show };
}

export interface ColumnChoice {
  /** The columns shown, in the table's order. */
  shown: DataColumn[];
  choices: ColumnChoices;
  /** Why the choice shown could not be kept for the user's next pages, in words; null when kept. */
  unsaved: string | null;
  /** Shows or hides one column. */
  choose: (id: string, show: boolean) => void;
  /** Back to the table's defaults. */
  reset: () => void;
}

/**
 * The shown columns of a table and the reader's means to choose them. The server renders the user's choice too, so
 * that the page never shows other columns first.
 */
export function useColumnChoice(
  columns: readonly DataColumn[],
  table: string | null,
  inUse: ReadonlySet<string>,
): ColumnChoice {
  const shared = useContext(ColumnChoiceContext);
  // A table without an export key, or outside the signed-in shell (a test): its choice lasts while it is shown.
  const [own] = useState(() => new ColumnChoiceStore({}, null));
  const store = table !== null && shared ? shared : own;
  const key = table ?? "";
  const snapshot = () => store.get(key);
  const { choices, unsaved } = useSyncExternalStore(store.subscribe, snapshot, snapshot);
  const shown = useMemo(() => columns.filter((c) => isShown(c, choices, inUse)), [columns, choices, inUse]);
  return {
    shown,
    choices,
    unsaved,
    choose: (id, show) => {
      const column = columns.find((c) => c.id === id);
      if (column) store.set(key, withChoice(store.get(key).choices, column, show));
    },
    reset: () => store.set(key, {}),
  };
}
