/**
 * An export as a CSV file (./csv-format.ts: RFC 4180, every text field quoted and defused, numbers bare, an empty
 * cell for no value), one header row, "Result (LBORRES)", and a byte-order mark first when the user asked for one
 * (Excel then reads UTF-8 right).
 *
 * The rows are read here a batch at a time; the CSV thread (./csv-thread.ts) formats each batch, writes it to the
 * file and keeps the file's size and SHA-256. Formatting, writing and hashing were most of an export's time on the
 * thread that renders pages (docs/performance.md, Exports). A few
 * batches are on the thread while the next are read.
 */
import { open } from "node:fs/promises";
import type { DataCell } from "@/lib/tables/types";
import { CsvFile } from "./csv-file";
import { csvThread } from "./csv-thread";
import { columnDecimals, type ExportTable, headerText } from "./export-table";
import { type WriteOptions, writeBatches } from "./write-batches";

/** Batches sent to the CSV thread and not yet written: enough to keep it busy, a few hundred KB at most. */
const AHEAD = 4;

/** What was written: the rows, and the file's size and SHA-256 (hex). */
export interface WrittenFile {
  rows: number;
  bytes: number;
  sha256: string;
}

/** Writes the table to a new file at `path` (owner-only; an existing file is an error). */
export async function writeCsvFile(
  table: ExportTable,
  path: string,
  options: WriteOptions & { bom: boolean },
): Promise<WrittenFile> {
  const handle = await open(path, "wx", 0o600);
  const file = new CsvFile(csvThread(), handle.fd, options.bom, columnDecimals(table.columns));
  const writing: Promise<number>[] = [];
  try {
    const rows = await writeRows(table, file, writing, options);
    return { rows, ...(await file.end()) };
  } catch (err) {
    file.drop();
    throw err;
  } finally {
    // The thread writes to the descriptor until every batch sent is answered: only then may it be closed.
    await Promise.allSettled(writing);
    await handle.close();
  }
}

/** The header and the rows, sent a batch at a time with at most AHEAD unanswered (`writing`); the rows sent. */
async function writeRows(table: ExportTable, file: CsvFile, writing: Promise<number>[], options: WriteOptions) {
  let batch: (readonly DataCell[])[] = [table.columns.map(headerText)];
  const send = () => {
    if (batch.length === 0) return;
    const written = file.write(batch);
    // A cancelled export leaves its batches unread: their failures must not go unhandled.
    written.catch(() => undefined);
    writing.push(written);
    batch = [];
  };
  const flush = async (keep: number) => {
    send();
    while (writing.length > keep) await writing.shift();
  };
  const rows = await writeBatches(
    table.rows(),
    (cells) => batch.push(cells),
    () => flush(AHEAD),
    options,
  );
  await flush(0);
  return rows;
}
