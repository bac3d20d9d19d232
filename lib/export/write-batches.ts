/**
 * The loop both writers share: rows handed to the writer one by one, and every batch a pause that lets the
 * server answer other requests, reports progress, stops on a cancel and waits while the output is behind.
 *
 * An export is background work that nobody watches page by page, so it gives way to pages: every WINDOW_MS it
 * compares the time the server's thread was busy with the export's own work in that time, and when other requests
 * took more than BUSY_SHARE of it, the export pauses YIELD_MS after each batch. A 1,000-subject study's laboratory
 * CSV, a million rows, took a quarter of the thread while it ran, and the pages of 50 users waited behind it
 * (docs/benchmarks.md, bench:load). On a quiet server it runs at full speed.
 */
import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";

/** Rows between two pauses: a few milliseconds of work. */
const BATCH = 1000;
/** How often the export looks at how busy the thread is. */
const WINDOW_MS = 50;
/**
 * The share of the thread's time taken by other work above which the export gives way. Alone, an export leaves
 * about a tenth to its own file writes and hashing, which count as other work here.
 */
export const BUSY_SHARE = 0.4;
/** The pause after a batch while the server is busy: a batch then takes at most about a fifth of the thread. */
export const YIELD_MS = 20;

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
  const pacer = new Pacer();
  let n = 0;
  let resumed = performance.now();
  for (const row of rows) {
    put(row);
    n++;
    if (n % BATCH === 0) {
      progress(n);
      signal.throwIfAborted();
      // The catching up's own work is what it does before it waits for the output.
      const caughtUp = catchUp();
      pacer.worked(performance.now() - resumed);
      await caughtUp;
      const ahead = rowsPerSecond > 0 ? started + (n / rowsPerSecond) * 1000 - performance.now() : 0;
      if (ahead > 0) await sleep(ahead, undefined, { signal });
      else await (pacer.othersBusy() ? sleep(YIELD_MS, undefined, { signal }) : nextTurn());
      resumed = performance.now();
    }
  }
  signal.throwIfAborted();
  progress(n);
  return n;
}

/** Whether other work kept the thread busy in the last window: its active time, less the export's own work. */
class Pacer {
  private mark = performance.eventLoopUtilization();
  private own = 0;
  private busy = false;

  worked(ms: number): void {
    this.own += ms;
  }

  othersBusy(): boolean {
    const window = performance.eventLoopUtilization(this.mark);
    const wall = window.active + window.idle;
    if (wall < WINDOW_MS) return this.busy;
    this.busy = (window.active - this.own) / wall > BUSY_SHARE;
    this.mark = performance.eventLoopUtilization();
    this.own = 0;
    return this.busy;
  }
}
