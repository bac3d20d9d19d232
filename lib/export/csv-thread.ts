/**
 * CSV formatting on a thread of its own (docs/architecture.md, "CSV is formatted on a thread of its own"). The
 * rendering thread reads an export's rows from the cached arrays, as before, and sends each batch's cells to the
 * worker (./csv-thread-worker.ts), which answers with the batch's text; the rendering thread hashes and writes it.
 * One worker serves every export of the process; it is started with the first batch, kept while batches come, and
 * stopped when idle. A worker that stops fails the batches it held, with a clear error, and the next batch starts
 * a new one.
 */
import { Worker } from "node:worker_threads";
import { OnDemandWorker } from "@/lib/on-demand-worker";
import { processSingleton } from "@/lib/process-singleton";
import type { DataCell } from "@/lib/tables/types";
import { inAppBuild, tsxWorker } from "@/lib/tsx-worker";
import { withOwnYoungGeneration } from "@/lib/worker-heap-flags";
import type { FromCsvThread, ToCsvThread } from "./csv-thread-messages";

interface Pending {
  worker: Worker;
  resolve: (text: string) => void;
  reject: (err: Error) => void;
}

/** How long an idle worker is kept: an export's batches come milliseconds apart, and exports come in runs. */
const IDLE_MS = 10_000;

export class CsvThread {
  private readonly thread: OnDemandWorker;
  // Bounded by the exports running (export-jobs.ts) times the batches each keeps ahead (write-csv.ts).
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(idleMs = IDLE_MS) {
    this.thread = new OnDemandWorker(startCsvWorker, (worker) => this.wire(worker), idleMs);
  }

  /** The CSV lines of these rows (./csv-format.ts), formatted on the thread. */
  format(rows: (readonly DataCell[])[]): Promise<string> {
    const id = this.nextId++;
    const worker = this.thread.busy();
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      try {
        worker.postMessage({ id, rows } satisfies ToCsvThread);
      } catch (err) {
        // A value that cannot be sent: this batch fails, and no answer is waited for.
        this.settle(id, () => reject(err as Error));
      }
    });
  }

  private wire(worker: Worker) {
    worker.on("message", (m: FromCsvThread) => this.receive(m));
    const stopped = (why: string) => {
      this.thread.forget(worker);
      const error = new Error(`The thread that formats CSV files stopped (${why}).`);
      for (const [id, batch] of [...this.pending])
        if (batch.worker === worker) this.settle(id, () => batch.reject(error));
    };
    worker.on("error", (err) => stopped(err.message));
    worker.on("exit", (code) => stopped(`exit code ${code}`));
  }

  private receive(m: FromCsvThread) {
    const batch = this.pending.get(m.id);
    if (!batch) return;
    if ("text" in m) this.settle(m.id, () => batch.resolve(m.text));
    else this.settle(m.id, () => batch.reject(new Error(`CSV formatting failed (${m.failure}).`)));
  }

  /** A batch has its answer: with none left, the worker is idle. */
  private settle(id: number, answer: () => void) {
    this.pending.delete(id);
    answer();
    if (this.pending.size === 0) this.thread.quiet();
  }
}

/**
 * The worker's young generation, in MB: each batch's garbage is a few hundred KB. Under the server's
 * `--max-semi-space-size=64` (for the pages: scripts/start.sh) it would grow to about 190 MB over a million rows
 * (lib/worker-heap-flags.ts).
 */
const YOUNG_MB = 8;

/** In the app's build a chunk the bundler made of ./csv-thread-worker.ts; as TypeScript, that file through tsx. */
function startCsvWorker(): Worker {
  const options = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } };
  return withOwnYoungGeneration(() =>
    inAppBuild()
      ? new Worker(new URL("./csv-thread-worker.ts", import.meta.url), options)
      : tsxWorker(import.meta.url.replace(/csv-thread\.ts$/, "csv-thread-worker.ts"), options),
  );
}

/** The process's one CSV formatting thread (lib/process-singleton.ts). */
export const csvThread = (): CsvThread => processSingleton("csvThread", () => new CsvThread());
