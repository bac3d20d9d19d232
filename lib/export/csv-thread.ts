/**
 * CSV formatting and writing on a thread of its own (docs/performance.md, Exports). The rendering thread reads an
 * export's rows from the cached arrays, as before, and sends each
 * batch's cells to the worker (./csv-thread-worker.ts), which formats them, writes them to the export's file and
 * keeps its size and SHA-256; the rendering thread only opens and closes the file (./csv-file.ts: one file's
 * messages). One worker serves every export of
 * the process; it is started with the first batch, kept while batches come, and stopped when idle. A worker that
 * stops fails the batches it held, with a clear error, and the next file starts a new one.
 */
import { Worker } from "node:worker_threads";
import { OnDemandWorker } from "@/lib/runtime/on-demand-worker";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { inAppBuild, tsxWorker } from "@/lib/runtime/tsx-worker";
import { withOwnYoungGeneration } from "@/lib/runtime/worker-heap-flags";
import type { FromCsvThread, ToCsvThread } from "./csv-thread-messages";

interface Pending {
  worker: Worker;
  resolve: (answer: FromCsvThread) => void;
  reject: (err: Error) => void;
}

/** How long an idle worker is kept: an export's batches come milliseconds apart, and exports come in runs. */
const IDLE_MS = 10_000;

export class CsvThread {
  private readonly thread: OnDemandWorker;
  // Bounded by the exports running (export-jobs.ts) times the batches each keeps ahead (write-csv.ts).
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextFile = 1;
  private openFiles = 0;

  constructor(idleMs = IDLE_MS) {
    this.thread = new OnDemandWorker(startCsvWorker, (worker) => this.wire(worker), idleMs);
  }

  /** A file is opened for writing through the thread (./csv-file.ts): its number, by which the worker knows it. */
  opened(): number {
    this.openFiles++;
    return this.nextFile++;
  }

  /**
   * A file is finished or given up (CsvFile's end or drop). Until then the worker is not idle even between batches:
   * a rate-limited export (EXPORT_MAX_ROWS_PER_SECOND) may pause longer than the idle time, and a new worker knows
   * nothing of the file.
   */
  closed(): void {
    this.openFiles--;
    this.quietIfIdle();
  }

  /**
   * The worker's answer to a message, from the current worker (started if need be), which must be `expected` when
   * given: a file's messages all go to the worker that wrote its first batch.
   */
  ask(message: (id: number) => ToCsvThread, expected?: Worker): Promise<FromCsvThread> {
    // Checked first: a new worker would be started only to refuse.
    if (expected !== undefined && !this.thread.isCurrent(expected))
      return Promise.reject(new Error("The thread that writes CSV files stopped while it wrote this file."));
    const id = this.nextId++;
    const worker = this.thread.busy();
    return new Promise<FromCsvThread>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      try {
        worker.postMessage(message(id));
      } catch (err) {
        // A value that cannot be sent: this message fails, and no answer is waited for.
        this.settle(id, () => reject(err as Error));
      }
    });
  }

  /** The worker the next message goes to, started if need be. */
  worker(): Worker {
    return this.thread.busy();
  }

  /** Whether `worker` is still the one running. */
  isCurrent(worker: Worker): boolean {
    return this.thread.isCurrent(worker);
  }

  private wire(worker: Worker) {
    worker.on("message", (m: FromCsvThread) => this.receive(m));
    const stopped = (why: string) => {
      this.thread.forget(worker);
      const error = new Error(`The thread that writes CSV files stopped (${why}).`);
      for (const [id, batch] of [...this.pending])
        if (batch.worker === worker) this.settle(id, () => batch.reject(error));
    };
    worker.on("error", (err) => stopped(err.message));
    worker.on("exit", (code) => stopped(`exit code ${code}`));
  }

  private receive(m: FromCsvThread) {
    const asked = this.pending.get(m.id);
    if (asked) this.settle(m.id, () => asked.resolve(m));
  }

  /** A message has its answer. */
  private settle(id: number, answer: () => void) {
    this.pending.delete(id);
    answer();
    this.quietIfIdle();
  }

  /** With no answer awaited and no file open, the worker is idle. */
  private quietIfIdle() {
    if (this.pending.size === 0 && this.openFiles === 0) this.thread.quiet();
  }
}

/**
 * The worker's young generation, in MB. Under the server's `--max-semi-space-size=64` (for the pages:
 * server/start.sh) it would grow to about 190 MB over a million rows (lib/runtime/worker-heap-flags.ts). At 8 MB the
 * worker
 * collected it about 1,070 times an export in the server, 5.1 s of pauses whose copying runs partly on V8's helper
 * threads, at normal priority; at 24 MB 540 times, 2.8 s, and the export grew the process's memory by 24 MiB, as at
 * 8 (26 MiB); at 48 MB by 165 MiB (docs/benchmarks.md, bench:load, 2026-11-27).
 */
const YOUNG_MB = 24;

/** In the app's build a chunk the bundler made of ./csv-thread-worker.ts; as TypeScript, that file through tsx. */
function startCsvWorker(): Worker {
  const options = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } };
  return withOwnYoungGeneration(() =>
    inAppBuild()
      ? new Worker(new URL("./csv-thread-worker.ts", import.meta.url), options)
      : tsxWorker(import.meta.url.replace(/csv-thread\.ts$/, "csv-thread-worker.ts"), options),
  );
}

/** The process's one CSV formatting thread (lib/runtime/process-singleton.ts). */
export const csvThread = (): CsvThread => processSingleton("csvThread", () => new CsvThread());
