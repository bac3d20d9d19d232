/**
 * The sort of a large export's rows on a thread of its own (docs/exports.md, Jobs): the rendering thread sends the
 * passing rows' indexes and sort cells in parts, a turn of the event loop between two, and the worker
 * (./order-thread-worker.ts) sorts them and answers the order. One worker serves every export of the process; it is
 * started with the first sort and stopped when idle. Its own thread rather than the CSV thread's: a sort takes
 * seconds, and the CSV files being written meanwhile would wait for it.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { OnDemandWorker } from "@/lib/runtime/on-demand-worker";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { inAppBuild, tsxWorker } from "@/lib/runtime/tsx-worker";
import { withOwnYoungGeneration } from "@/lib/runtime/worker-heap-flags";
import type { PassingRows, SortKey } from "./order-sort";
import type { FromOrderThread, ToOrderThread } from "./order-thread-messages";

/** Rows a part carries: its copy into the message takes about a millisecond of the rendering thread. */
export const PART_ROWS = 16_384;
const IDLE_MS = 10_000;

interface Pending {
  worker: Worker;
  resolve: (order: Uint32Array) => void;
  reject: (err: Error) => void;
}

/** Sorts rows off the rendering thread; `sort` is what an export awaits. */
export interface RowSorter {
  sort(rows: PassingRows, keys: readonly SortKey[], signal: AbortSignal): Promise<Uint32Array>;
}

export class OrderThread implements RowSorter {
  private readonly thread: OnDemandWorker;
  // Bounded by the exports running (export-jobs.ts): each awaits one sort.
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(idleMs = IDLE_MS) {
    this.thread = new OnDemandWorker(startOrderWorker, (worker) => this.wire(worker), idleMs);
  }

  async sort(rows: PassingRows, keys: readonly SortKey[], signal: AbortSignal): Promise<Uint32Array> {
    signal.throwIfAborted();
    const id = this.nextId++;
    const worker = this.thread.busy();
    const answered = new Promise<Uint32Array>((resolve, reject) => this.pending.set(id, { worker, resolve, reject }));
    // A cancel or a stopped worker may settle it while parts are still sent: it is awaited only after them.
    answered.catch(() => undefined);
    const post = (m: ToOrderThread, transfer: ArrayBuffer[] = []) => worker.postMessage(m, transfer);
    const stop = () => {
      if (this.thread.isCurrent(worker)) post({ kind: "drop", id });
      this.settle(id, (p) => p.reject(signal.reason as Error));
    };
    signal.addEventListener("abort", stop, { once: true });
    try {
      for (let at = 0; at < rows.indexes.length && this.pending.has(id); at += PART_ROWS) {
        const indexes = rows.indexes.slice(at, at + PART_ROWS);
        post({ kind: "part", id, indexes, cells: rows.cells.map((c) => c.slice(at, at + PART_ROWS)) }, [
          indexes.buffer,
        ]);
        await nextTurn();
      }
      if (this.pending.has(id)) post({ kind: "sort", id, keys: [...keys] });
      return await answered;
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  private wire(worker: Worker) {
    worker.on("message", (m: FromOrderThread) =>
      this.settle(m.id, (p) =>
        "order" in m ? p.resolve(m.order) : p.reject(new Error(`The rows could not be sorted (${m.failure}).`)),
      ),
    );
    const stopped = (why: string) => {
      this.thread.forget(worker);
      const error = new Error(`The thread that sorts exports stopped (${why}).`);
      for (const [id, p] of [...this.pending]) if (p.worker === worker) this.settle(id, (q) => q.reject(error));
    };
    worker.on("error", (err) => stopped(err.message));
    worker.on("exit", (code) => stopped(`exit code ${code}`));
  }

  /** A sort has its outcome; with none left awaited, the worker is idle. */
  private settle(id: number, outcome: (p: Pending) => void) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    outcome(p);
    if (this.pending.size === 0) this.thread.quiet();
  }
}

/** In the app's build a chunk the bundler made of ./order-thread-worker.ts; as TypeScript, that file through tsx. */
function startOrderWorker(): Worker {
  return withOwnYoungGeneration(() =>
    inAppBuild()
      ? new Worker(new URL("./order-thread-worker.ts", import.meta.url))
      : tsxWorker(import.meta.url.replace(/order-thread\.ts$/, "order-thread-worker.ts")),
  );
}

/** The process's one order thread (lib/runtime/process-singleton.ts). */
export const orderThread = (): OrderThread => processSingleton("orderThread", () => new OrderThread());
