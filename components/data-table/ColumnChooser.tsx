"use client";
/**
 * The Columns chooser of a wide table (./column-choice.ts): a disclosure with one checkbox per column that is not
 * a key column, and a button back to the table's defaults. A column that sorts or filters the view stays shown
 * and says why. A choice the portal could not keep for the user's next pages says so, and why.
 */
import type { DataColumn } from "@/lib/tables/types";
import type { ColumnChoice } from "./column-choice";
import styles from "./data-table.module.css";
import { useHydrated } from "./use-hydrated";

interface Props {
  tableId: string;
  columns: readonly DataColumn[];
  choice: ColumnChoice;
  inUse: ReadonlySet<string>;
}

export function ColumnChooser({ tableId, columns, choice, inUse }: Props) {
  const ready = useHydrated();
  const optional = columns.filter((c) => c.priority !== "key");
  const shownIds = new Set(choice.shown.map((c) => c.id));
  return (
    <details className={styles.chooser}>
      <summary>
        Columns ({choice.shown.length} of {columns.length} shown)
      </summary>
      <fieldset>
        <legend>Columns shown besides the key columns</legend>
        {optional.map((c) => {
          const id = `${tableId}-column-${c.id}`;
          const locked = inUse.has(c.id);
          return (
            <span key={c.id}>
              <input
                id={id}
                type="checkbox"
                checked={shownIds.has(c.id)}
                disabled={!ready || locked}
                onChange={(e) => choice.choose(c.id, e.target.checked)}
              />
              <label htmlFor={id}>
                {c.header}
                {locked ? " (sorts or filters the rows)" : ""}
              </label>
            </span>
          );
        })}
        <button type="button" disabled={!ready} onClick={choice.reset}>
          Default columns
        </button>
        {choice.unsaved ? (
          <p role="status" className={styles.unsaved}>
            These columns are not saved for your next visit. {choice.unsaved}
          </p>
        ) : null}
      </fieldset>
    </details>
  );
}
