"use client";
/**
 * What a table's action buttons do (DataColumn.actions: a column's buttons on each row, such as "Mark"):
 * the page around the table provides it, so that the table, generic, knows no action of its own. A button says
 * while its action runs, and an action's failure is said in words beside the table by the page that provides it.
 */
import { createContext, useContext, useState } from "react";
import type { ColumnAction, DataRow } from "@/lib/tables/types";
import styles from "./data-table.module.css";

/** Runs the action with the row's argument (ColumnAction.argument). */
export type TableAct = (argument: string) => Promise<void>;

export const TableActions = createContext<TableAct | null>(null);

/** One of the cell's action buttons, when its row has a label for it and the page an action. */
export function CellAction({ row, action }: { row: DataRow; action: ColumnAction }) {
  const act = useContext(TableActions);
  const [running, setRunning] = useState(false);
  if (!act) return null;
  const label = row[action.label];
  const argument = row[action.argument];
  if (typeof label !== "string" || typeof argument !== "string") return null;
  const name = row[action.name];
  return (
    <button
      type="button"
      className={styles.cellAction}
      // Not `disabled` while it runs: a disabled button loses the focus, and keyboard review goes on from it.
      aria-disabled={running}
      aria-label={typeof name === "string" ? name : label}
      title={action.icon && typeof name === "string" ? name : undefined}
      onClick={async () => {
        if (running) return;
        setRunning(true);
        try {
          await act(argument);
        } finally {
          setRunning(false);
        }
      }}
    >
      {action.icon ? <CommentIcon /> : null}
      {running ? "Saving…" : label}
    </button>
  );
}

/** A speech bubble, drawn in the text's colour: the comments of a record (its button's name says so). */
function CommentIcon() {
  return (
    <svg className={styles.cellActionIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M2 3.5A1.5 1.5 0 0 1 3.5 2h9A1.5 1.5 0 0 1 14 3.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3 3v-3h-.5A1.5 1.5 0 0 1 2 9.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}
