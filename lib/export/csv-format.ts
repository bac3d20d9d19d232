/**
 * Rows as CSV text: UTF-8, RFC 4180 (CRLF line ends, quotes doubled) through csv-stringify, every text field quoted
 * and defused as ./csv.ts explains, numbers bare, an empty cell for no value. The export's formatting thread
 * (./csv-thread-worker.ts) runs it a batch at a time.
 */
import { stringify } from "csv-stringify/sync";
import type { DataCell } from "@/lib/tables/types";
import { defuseFormula } from "./csv";

/** The portal's one CSV form, for a table's export and the pack's files alike (lib/export/pack/csv-file.ts). */
export const CSV_RULES = {
  quoted_string: true,
  record_delimiter: "windows",
  cast: { string: defuseFormula },
} as const;

/** A table's export also writes a number that is not finite as no value. */
const FORMAT = {
  ...CSV_RULES,
  cast: { ...CSV_RULES.cast, number: (n: number) => (Number.isFinite(n) ? String(n) : "") },
} as const;

/** The same, with a column's fixed decimals: its numbers written as the page shows them (2.50), still bare. */
function formatWith(decimals: readonly (number | null)[]) {
  const number = (n: number, context: { index: number }) => {
    if (!Number.isFinite(n)) return "";
    const d = decimals[context.index];
    return d === null || d === undefined ? String(n) : n.toFixed(d);
  };
  return { ...CSV_RULES, cast: { ...CSV_RULES.cast, number } } as const;
}

/** The lines of these rows, each ended by CRLF; "" for no rows. `decimals`: each column's fixed decimals, or null. */
export const formatCsv = (rows: (readonly DataCell[])[], decimals?: readonly (number | null)[] | null): string =>
  stringify(rows as DataCell[][], decimals ? formatWith(decimals) : FORMAT);
