import type { DataColumn, DataRow } from "@/lib/tables/types";
import styles from "./data-table.module.css";

/** Longest value kept on one line: dates, times, IDs and codes, not sentences. */
const WORD_MAX = 32;

/**
 * A body cell's class: numbers right-aligned in tabular figures; a short value without spaces (a date, an ID) kept
 * on one line, so that "2023-03-26" never breaks at its hyphens; longer text wraps.
 */
export function cellClass(column: DataColumn, row: DataRow): string | undefined {
  if (column.type === "number") return styles.number;
  const value = row[column.id];
  return typeof value === "string" && value.length <= WORD_MAX && !/\s/.test(value) ? styles.word : undefined;
}
