/**
 * One export's file written through the CSV thread (./csv-thread.ts): its batches in order, each numbered so that a
 * worker started anew after a crash refuses the rest; then its end (size and SHA-256), or dropped.
 */
import type { Worker } from "node:worker_threads";
import type { DataCell } from "@/lib/tables/types";
import type { CsvThread } from "./csv-thread";
import type { CsvWritten } from "./csv-thread-messages";

/** One export's file on the CSV thread: its batches in order, then its end, or dropped. */
export class CsvFile {
  private seq = 0;
  private worker?: Worker;
  private finished = false;

  private readonly id: number;

  /**
   * `fd` is open for writing and stays the caller's: it closes it, and only once every batch it sent is answered
   * (the worker writes to the descriptor until then).
   */
  constructor(
    private readonly thread: CsvThread,
    private readonly fd: number,
    private readonly bom: boolean,
    /** Each column's fixed decimals (numbers written as the page shows them, 2.50), or null: as they are. */
    private readonly decimals: readonly (number | null)[] | null = null,
  ) {
    this.id = thread.opened();
  }

  /** Formats and writes these rows after the last batch; the file's bytes so far. */
  async write(rows: (readonly DataCell[])[]): Promise<number> {
    const seq = this.seq++;
    const bom = seq === 0 && this.bom;
    this.worker ??= this.thread.worker();
    const { fd, decimals } = this;
    const batch = (id: number) => ({ kind: "batch", id, file: this.id, fd, seq, bom, decimals, rows }) as const;
    const answer = await this.thread.ask(batch, this.worker);
    if ("failure" in answer) throw csvFailure(answer.failure);
    return answer.bytes;
  }

  /** Every batch is written: the file's size and SHA-256. */
  async end(): Promise<CsvWritten> {
    try {
      const answer = await this.thread.ask((id) => ({ kind: "end", id, file: this.id }), this.worker);
      if ("failure" in answer) throw csvFailure(answer.failure);
      if (!("sha256" in answer)) throw new Error("The CSV thread answered the file's end with a batch.");
      return { bytes: answer.bytes, sha256: answer.sha256 };
    } finally {
      this.finish();
    }
  }

  /** The file is given up: the worker forgets it (the caller deletes it). */
  drop(): void {
    if (this.worker && this.thread.isCurrent(this.worker)) this.worker.postMessage({ kind: "drop", file: this.id });
    this.finish();
  }

  /** The file no longer keeps the worker from its idle time; once, whichever of end and drop comes first. */
  private finish() {
    if (this.finished) return;
    this.finished = true;
    this.thread.closed();
  }
}

/** The worker's refusal as an error; a file system error keeps its code (ENOSPC: failure-reason.ts). */
function csvFailure(code: string): Error {
  return Object.assign(new Error(`The CSV file could not be written (${code}).`), { code });
}
