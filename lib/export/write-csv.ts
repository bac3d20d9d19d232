/**
 * An export as CSV: UTF-8, RFC 4180 (CRLF line ends, quotes doubled) through csv-stringify, every text field
 * quoted and defused as ./csv.ts explains, numbers bare, an empty cell for no value; one header row,
 * "Result (LBORRES)"; a byte-order mark first when the user asked for one (Excel then reads UTF-8 right).
 *
 * The rows are formatted a batch at a time (csv-stringify's synchronous form) and each batch written as one piece:
 * row by row through its stream form, the stream's own work per row was most of an export's time on the server's
 * thread (docs/benchmarks.md, bench:load).
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { stringify } from "csv-stringify/sync";
import type { DataCell } from "@/lib/tables/types";
import { defuseFormula } from "./csv";
import { type ExportTable, headerText } from "./export-table";
import { type WriteOptions, writeBatches } from "./write-batches";

const FORMAT = {
  quoted_string: true,
  record_delimiter: "windows",
  cast: {
    string: defuseFormula,
    number: (n: number) => (Number.isFinite(n) ? String(n) : ""),
  },
} as const;

export async function writeCsv(
  table: ExportTable,
  out: Writable,
  options: WriteOptions & { bom: boolean },
): Promise<number> {
  let batch: (readonly DataCell[])[] = [table.columns.map(headerText)];
  const flush = async () => {
    if (batch.length === 0) return;
    const text = stringify(batch, FORMAT);
    batch = [];
    if (!out.write(text)) await once(out, "drain", { signal: options.signal });
  };
  if (options.bom) out.write("\ufeff");
  const rows = await writeBatches(table.rows(), (cells) => batch.push(cells), flush, options);
  await flush();
  out.end();
  await finished(out, { readable: false });
  return rows;
}
