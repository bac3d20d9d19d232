/**
 * An export as CSV (./csv-format.ts: RFC 4180, every text field quoted and defused, numbers bare, an empty cell for
 * no value), one header row, "Result (LBORRES)", and a byte-order mark first when the user asked for one (Excel
 * then reads UTF-8 right).
 *
 * The rows are read here a batch at a time and formatted on the CSV thread (./csv-thread.ts): csv-stringify's work
 * was most of an export's time on the thread that renders pages (docs/architecture.md, "CSV is formatted on a
 * thread of its own"). A few batches are formatted ahead while the next are read; their texts are written in order.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type { DataCell } from "@/lib/tables/types";
import { csvThread } from "./csv-thread";
import { type ExportTable, headerText } from "./export-table";
import { type WriteOptions, writeBatches } from "./write-batches";

/** Batches sent to the CSV thread and not yet written: enough to keep it busy, a few hundred KB at most. */
const AHEAD = 4;

export async function writeCsv(
  table: ExportTable,
  out: Writable,
  options: WriteOptions & { bom: boolean },
): Promise<number> {
  const thread = csvThread();
  let batch: (readonly DataCell[])[] = [table.columns.map(headerText)];
  const formatting: Promise<string>[] = [];
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain", { signal: options.signal });
  };
  const send = () => {
    if (batch.length === 0) return;
    const text = thread.format(batch);
    // A cancelled export leaves its batches unread: their failures must not go unhandled.
    text.catch(() => undefined);
    formatting.push(text);
    batch = [];
  };
  const flush = async (keep: number) => {
    send();
    while (formatting.length > keep) await write(await formatting.shift()!);
  };
  if (options.bom) out.write("\ufeff");
  const rows = await writeBatches(
    table.rows(),
    (cells) => batch.push(cells),
    () => flush(AHEAD),
    options,
  );
  await flush(0);
  out.end();
  await finished(out, { readable: false });
  return rows;
}
