/**
 * A pack file as CSV: RFC 4180 (CRLF line ends, quotes doubled), UTF-8 without byte-order mark, written by
 * csv-stringify, every text field quoted and made formula-safe by the one rule of lib/export/csv.ts (a cell
 * starting = + - @, tab or carriage return gets a leading single quote). An empty cell is a missing value.
 */
import { stringify } from "csv-stringify/sync";
import { CSV_RULES } from "../csv-format";
import type { PackFile } from "./pack-file";
import { pieces } from "./pack-file";

export type CsvValue = string | number | null;

/** One row as a CSV line (CRLF ended). */
export const csvLine = (row: readonly CsvValue[]) => stringify([row as CsvValue[]], CSV_RULES);

export function csvFile(
  name: string,
  header: readonly string[],
  rows: number,
  records: () => Iterable<readonly CsvValue[]>,
): PackFile {
  return {
    name,
    rows,
    *chunks(wrote) {
      yield csvLine(header);
      yield* pieces(lines(records()), wrote);
    },
  };
}

function* lines(rows: Iterable<readonly CsvValue[]>): Generator<string> {
  for (const row of rows) yield csvLine(row);
}
