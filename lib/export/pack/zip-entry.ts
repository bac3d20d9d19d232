/**
 * One pack file into the ZIP, streamed: its pieces encoded as UTF-8, counted and hashed (SHA-256) as they pass,
 * so that the manifest can give every file's size and hash without the file ever being whole in memory.
 */
import { createHash } from "node:crypto";
import { addAbortSignal, Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ZipFile } from "yazl";
import type { PackFile } from "./pack-file";

export interface WrittenFile {
  name: string;
  rows: number;
  /** Bytes of the file itself (uncompressed). */
  bytes: number;
  /** SHA-256 of those bytes, hex. */
  sha256: string;
}

export async function writeEntry(
  zip: ZipFile,
  file: PackFile,
  mtime: Date,
  signal: AbortSignal,
  wrote: (rows: number) => void,
  /** Awaited after every piece: where a pack keeps to EXPORT_MAX_ROWS_PER_SECOND (write-study-pack.ts). */
  pace?: () => Promise<void>,
): Promise<WrittenFile> {
  const hash = createHash("sha256");
  let bytes = 0;
  async function* encoded(): AsyncGenerator<Buffer> {
    for (const piece of file.chunks(wrote)) {
      signal.throwIfAborted();
      const buffer = Buffer.from(piece, "utf8");
      hash.update(buffer);
      bytes += buffer.length;
      yield buffer;
      if (pace) await pace();
    }
  }
  const source = addAbortSignal(signal, Readable.from(encoded(), { objectMode: false }));
  zip.addReadStream(source, file.name, { mtime });
  await finished(source);
  return { name: file.name, rows: file.rows, bytes, sha256: hash.digest("hex") };
}
