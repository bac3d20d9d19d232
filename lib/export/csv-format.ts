/**
 * Rows as CSV text: UTF-8, RFC 4180 (CRLF line ends, quotes doubled) through csv-stringify, every text field quoted
 * and defused as ./csv.ts explains, numbers bare, an empty cell for no value. The export's formatting thread
 * (./csv-thread-worker.ts) runs it a batch at a time.
 */
import { stringify } from "csv-stringify/sync";
import type { DataCell } from "@/lib/tables/types";
import { defuseFormula } from "./csv";

const FORMAT = {
  quoted_string: true,
  record_delimiter: "windows",
  cast: {
    string: defuseFormula,
    number: (n: number) => (Number.isFinite(n) ? String(n) : ""),
  },
} as const;

/** The lines of these rows, each ended by CRLF; "" for no rows. */
export const formatCsv = (rows: (readonly DataCell[])[]): string => stringify(rows as DataCell[][], FORMAT);
