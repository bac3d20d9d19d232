/**
 * The loop both writers share: rows handed to the writer one by one, and every batch a pause that lets the
 * server answer other requests, reports progress, stops on a cancel and waits while the output is behind.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";

/** Rows between two pauses: a few milliseconds of work. */
const BATCH = 1000;

export interface WriteOptions {
  signal: AbortSignal;
  /** Rows written so far; called after every batch and at the end. */
  progress: (rows: number) => void;
  /** At most this many rows a second (EXPORT_MAX_ROWS_PER_SECOND); absent or 0: as fast as the output takes them. */
  rowsPerSecond?: number;
}

export async function writeBatches<T>(
  rows: Iterable<T>,
  put: (row: T) => void,
  catchUp: () => Promise<void>,
  { signal, progress, rowsPerSecond = 0 }: WriteOptions,
): Promise<number> {
  const started = performance.now();
  let n = 0;
  for (const row of rows) {
    put(row);
    n++;
    if (n % BATCH === 0) {
      progress(n);
      signal.throwIfAborted();
      await catchUp();
      const ahead = rowsPerSecond > 0 ? started + (n / rowsPerSecond) * 1000 - performance.now() : 0;
      await (ahead > 0 ? sleep(ahead, undefined, { signal }) : nextTurn());
    }
  }
  signal.throwIfAborted();
  progress(n);
  return n;
}
