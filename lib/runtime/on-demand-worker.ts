/**
 * A worker thread started with the first task that needs it and stopped when idle, shared by every task of the
 * process (the study loading thread, the CSV formatting thread). While tasks are under way it keeps the process
 * alive, as the same work in this thread would; an idle worker does not, and stops after `idleMs`, giving back its
 * heap. No imports but Node's: any layer may use it.
 */
import type { Worker } from "node:worker_threads";

export class OnDemandWorker {
  private worker?: Worker;
  private idle?: ReturnType<typeof setTimeout>;

  /** `start` makes a worker; `wire` listens to it (its messages, its error and exit) once, when it is made. */
  constructor(
    private readonly start: () => Worker,
    private readonly wire: (worker: Worker) => void,
    private readonly idleMs: number,
  ) {}

  /** The running worker, started if there is none, for a task under way: it keeps the process alive. */
  busy(): Worker {
    clearTimeout(this.idle);
    if (this.worker === undefined) {
      this.worker = this.start();
      this.wire(this.worker);
    }
    this.worker.ref();
    return this.worker;
  }

  /** Whether `worker` is the one running: a worker that stopped is never sent more. */
  isCurrent(worker: Worker): boolean {
    return worker === this.worker;
  }

  /** `worker` has stopped (an error, its exit): the next task starts a new one. */
  forget(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }

  /** No task is under way: the worker no longer keeps the process alive, and stops unless a task comes in time. */
  quiet(): void {
    this.worker?.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      const worker = this.worker;
      this.worker = undefined;
      void worker?.terminate();
    }, this.idleMs);
    this.idle.unref();
  }
}
