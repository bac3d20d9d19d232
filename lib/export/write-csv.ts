/**
 * An export as CSV: UTF-8, RFC 4180 (CRLF line ends, quotes doubled) through csv-stringify, every text field
 * quoted and defused as ./csv.ts explains, numbers bare, an empty cell for no value; one header row,
 * "Result (LBORRES)"; a byte-order mark first when the user asked for one (Excel then reads UTF-8 right).
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { defuseFormula } from "./csv";
import { type ExportTable, headerText } from "./export-table";
import { type WriteOptions, writeBatches } from "./write-batches";

export async function writeCsv(
  table: ExportTable,
  out: Writable,
  options: WriteOptions & { bom: boolean },
): Promise<number> {
  const csv = stringify({
    bom: options.bom,
    quoted_string: true,
    record_delimiter: "windows",
    cast: {
      string: defuseFormula,
      number: (n) => (Number.isFinite(n) ? String(n) : ""),
    },
  });
  const written = pipeline(csv, out);
  // Awaited below; handled now, since the output may fail while the rows are still being put.
  written.catch(() => undefined);
  try {
    csv.write(table.columns.map(headerText));
    const rows = await writeBatches(
      table.rows(),
      (cells) => csv.write(cells),
      async () => {
        if (csv.writableNeedDrain) await once(csv, "drain", { signal: options.signal });
      },
      options,
    );
    csv.end();
    await written;
    return rows;
  } catch (err) {
    csv.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
}
