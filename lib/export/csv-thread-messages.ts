/** What the rendering thread and the CSV thread (./csv-thread.ts, ./csv-thread-worker.ts) tell each other. */
import type { DataCell } from "@/lib/tables/types";

/**
 * A batch of one file's rows to format and write, by its number within the file (0 first). The file is open for
 * writing in the rendering thread, which owns it (`fd`): the worker writes at the file's position and keeps its
 * byte count and SHA-256 (`file` names it), and the rendering thread closes it once every batch it sent is answered.
 */
export interface CsvBatch {
  kind: "batch";
  id: number;
  file: number;
  fd: number;
  seq: number;
  /** Only with the first batch: the file starts with a UTF-8 byte-order mark. */
  bom?: boolean;
  /** Each column's fixed decimals (lib/export/csv-format.ts), or null. */
  decimals?: readonly (number | null)[] | null;
  rows: (readonly DataCell[])[];
}

/** Every batch of the file is written: its size and SHA-256, and the worker forgets it. */
export interface CsvEnd {
  kind: "end";
  id: number;
  file: number;
}

/** The file is given up (a cancel, a failure): the worker forgets it. No answer. */
export interface CsvDrop {
  kind: "drop";
  file: number;
}

export type ToCsvThread = CsvBatch | CsvEnd | CsvDrop;

/** A file's size and SHA-256 (hex), as written. */
export interface CsvWritten {
  bytes: number;
  sha256: string;
}

/**
 * A batch written (`bytes` so far), a file's end, or why not: a file system error's code (ENOSPC), csv-stringify's
 * error code, or the worker's own refusal ("OUT_OF_ORDER"), never row content.
 */
export type FromCsvThread =
  | { id: number; bytes: number }
  | ({ id: number } & CsvWritten)
  | { id: number; failure: string };
