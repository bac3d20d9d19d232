"use client";
/**
 * What a table's action buttons do (DataColumn.action: a column's button on each row, such as "Mark"):
 * the page around the table provides it, so that the table, generic, knows no action of its own. A button says
 * while its action runs, and an action's failure is said in words beside the table by the page that provides it.
 */
import { createContext, useContext, useState } from "react";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import styles from "./data-table.module.css";

/** Runs the action with the row's argument (DataColumn.action.argument). */
export type TableAct = (argument: string) => Promise<void>;

export const TableActions = createContext<TableAct | null>(null);

/** The cell's action button, when its column has one, its row a label, and the page an action. */
export function CellAction({ row, column }: { row: DataRow; column: DataColumn }) {
  const act = useContext(TableActions);
  const [running, setRunning] = useState(false);
  const action = column.action;
  if (!action || !act) return null;
  const label = row[action.label];
  const argument = row[action.argument];
  if (typeof label !== "string" || typeof argument !== "string") return null;
  const name = row[action.name];
  return (
    <button
      type="button"
      className={styles.cellAction}
      disabled={running}
      aria-label={typeof name === "string" ? name : label}
      onClick={async () => {
        setRunning(true);
        try {
          await act(argument);
        } finally {
          setRunning(false);
        }
      }}
    >
      {running ? "Saving…" : label}
    </button>
  );
}
