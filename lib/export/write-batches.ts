/**
 * The loop both writers share: rows handed to the writer one by one, and every batch a pause that lets the
 * server answer other requests, reports progress, stops on a cancel and waits while the output is behind.
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** Rows between two pauses: a few milliseconds of work. */
const BATCH = 1000;

export interface WriteOptions {
  signal: AbortSignal;
  /** Rows written so far; called after every batch and at the end. */
  progress: (rows: number) => void;
}

export async function writeBatches<T>(
  rows: Iterable<T>,
  put: (row: T) => void,
  catchUp: () => Promise<void>,
  { signal, progress }: WriteOptions,
): Promise<number> {
  let n = 0;
  for (const row of rows) {
    put(row);
    n++;
    if (n % BATCH === 0) {
      progress(n);
      signal.throwIfAborted();
      await catchUp();
      await nextTurn();
    }
  }
  signal.throwIfAborted();
  progress(n);
  return n;
}
