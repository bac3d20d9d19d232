/**
 * What an export writes: a table's columns and its rows in order, produced on demand so that a million cached rows
 * are read one at a time and never copied, with what the About sheet says of the view. Built on the server from
 * the cached study data by the same table definitions the pages use (docs/exports.md).
 */
import type { DataCell } from "@/lib/tables/types";

export interface ExportColumn {
  header: string;
  /** The standard's variable name (e.g. LBORRES), written after the header: "Result (LBORRES)". */
  variable?: string;
  /** Number columns keep their numbers as numbers (a cell may still be text: "not recorded"). */
  type?: "text" | "number";
  /** A number column the page shows with exactly this many decimals (DataColumn.decimals): the file too. */
  decimals?: number;
}

export interface ExportTable {
  /** What the table is, in words: "Laboratory results of ALT". */
  title: string;
  /** The view's part of the file name, e.g. "laboratory-results" (sanitised again when the name is made). */
  fileLabel: string;
  columns: readonly ExportColumn[];
  /** How many rows `rows()` gives. */
  readonly count: number;
  /** The rows in the view's order, a new array of cells per row (a writer may keep it until it is written). */
  rows: () => Iterable<readonly DataCell[]>;
  /**
   * For a table the view filters or sorts: works its order out off the thread that renders pages (./row-order.ts).
   * A job awaits it before it reads `count` or `rows`; read without it, they work the order out at once, on the
   * calling thread (a small table, a test).
   */
  ordered?: (signal: AbortSignal) => Promise<void>;
  /** The view's choices in words (its filters, search and sort), for the About sheet and the audit record. */
  filters: string[];
  /**
   * The study snapshot the rows are, in words (its time and fingerprint: docs/snapshots.md), for the About sheet
   * and the audit record; absent where the portal keeps no snapshots.
   */
  snapshot?: string;
  /** The oldest load the rows come from (epoch ms): "data as of". */
  asOf: number;
  /**
   * For a table of records (TableDef.records): their record type, and the key of every row its filters and search
   * pass, in the rows' own order (what "mark every row shown" marks: docs/review.md).
   */
  records?: { recordType: string; keys: () => (string | null)[]; markable?: boolean };
}

/** "Result (LBORRES)", or the header alone. */
export const headerText = (c: ExportColumn) => (c.variable ? `${c.header} (${c.variable})` : c.header);

/** Each column's fixed decimals (DataColumn.decimals), null where it has none; null for a table with none. */
export function columnDecimals(columns: readonly ExportColumn[]): (number | null)[] | null {
  return columns.some((c) => c.decimals !== undefined) ? columns.map((c) => c.decimals ?? null) : null;
}

/** Excel's number format of a column with fixed decimals ("0.00"), so that its cells stay numbers. */
export const excelNumberFormat = (c: ExportColumn) =>
  c.decimals === undefined ? undefined : c.decimals === 0 ? "0" : `0.${"0".repeat(c.decimals)}`;
