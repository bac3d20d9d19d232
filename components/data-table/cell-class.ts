import type { DataColumn, DataRow } from "@/lib/tables/types";
import styles from "./data-table.module.css";

/** Longest value without spaces kept on one line: dates, times, IDs and codes, not sentences. */
const WORD_MAX = 32;
/** Longest value with spaces kept on one line: a short phrase ("Recovered", "Grade 3 or more"). */
const PHRASE_MAX = 20;

/**
 * A body cell's class: numbers right-aligned in tabular figures; an identifier column's values (DataColumn.nowrap),
 * and a short value (a date, an ID, a short phrase), kept on one line, so that "2023-03-26" never breaks at its
 * hyphens; longer text wraps, within a column wide enough to read it (data-table.module.css, .prose), never a word
 * per line.
 */
export function cellClass(column: DataColumn, row: DataRow): string | undefined {
  if (column.type === "number") return styles.number;
  if (column.nowrap) return styles.word;
  const value = row[column.id];
  if (typeof value !== "string") return undefined;
  const spaced = /\s/.test(value);
  if (value.length <= (spaced ? PHRASE_MAX : WORD_MAX)) return styles.word;
  return styles.prose;
}
