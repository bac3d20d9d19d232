/**
 * The export jobs this instance runs (docs/exports.md, Jobs). A job runs on the instance that accepted it: that
 * instance holds the study's rows in its cache. While its runner works, the job holds a running place in the store
 * and writes its progress (at most every PROGRESS_MS) and a heartbeat (every HEARTBEAT_MS even while it writes no
 * progress, as while its rows are prepared). At each of these steps the runner learns whether the job was cancelled,
 * or answered failed, elsewhere, and then stops; and its growing file is measured against the byte bounds.
 */
import type { Store } from "@/lib/store/store";
import type { ByteBounds } from "./byte-bounds";
import { deleteFile, deleteJobFiles, fileSize, type JobFileName, keptFilePath, partFilePath } from "./export-dir";
import { type JobRow, mirror } from "./job-rows";
import { type Finished, type Runner, releaseRow, writeDone, writeFailed, writeStep } from "./job-steps";
import type { JobSpec, RunningJob } from "./job-types";

/** How often a job's progress is written at most: the export control polls every 500 ms. */
const PROGRESS_MS = 500;
/** Well within STALE_MS (job-rows.ts), so that a few slow writes do not make a live job look stopped. */
const HEARTBEAT_MS = 5_000;

interface Held {
  job: RunningJob;
  /** Its rows are being prepared: a cancel cannot stop that, so the job keeps its place until it ends. */
  preparing: boolean;
  syncedAt: number;
  syncing?: Promise<void>;
}

export class JobRuns {
  /** Bounded by the running limits: only an admitted job is held, until its runner lets its place go. */
  private readonly jobs = new Map<string, Held>();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly store: () => Promise<Store>,
    private readonly dir: string,
    private readonly bytes: ByteBounds | undefined,
    private readonly now: () => number,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  hold({ id, owner, spec }: { id: string; owner: number; spec: JobSpec }): RunningJob {
    const file = { id, format: spec.format };
    const job: RunningJob = {
      ...{ id, owner, spec, state: "running", rowsWritten: 0, total: null, fileName: null, bytes: null },
      ...{ sha256: null, reason: null, finishedAt: null },
      ...{ path: keptFilePath(this.dir, file), partPath: partFilePath(this.dir, file) },
      controller: new AbortController(),
    };
    this.jobs.set(id, { job, preparing: false, syncedAt: Number.NEGATIVE_INFINITY });
    this.beat();
    return job;
  }

  held(): RunningJob[] {
    return [...this.jobs.values()].map((h) => h.job);
  }

  /** Whether a cancel stops the job at once: it runs here, and is not preparing its rows. */
  stopsAtOnce(id: string): boolean {
    const held = this.jobs.get(id);
    return held !== undefined && !held.preparing;
  }

  /** The job was stopped here (cancelled): its writer is told; its place is gone when `released`. */
  stopped(id: string, row: JobRow, released: boolean): void {
    const held = this.jobs.get(id);
    if (!held) return;
    mirror(held.job, row);
    if (row.state !== "running") held.job.controller.abort();
    if (released) this.forget(id);
  }

  /** The writer wrote `rows` rows: written to the store at most every PROGRESS_MS. Never rejects. */
  progress(job: RunningJob, rows: number): Promise<void> {
    job.rowsWritten = rows;
    const held = this.jobs.get(job.id);
    if (!held || job.state !== "running") return Promise.resolve();
    if (held.syncing) return held.syncing;
    if (this.now() - held.syncedAt < PROGRESS_MS) return Promise.resolve();
    return this.sync(held);
  }

  async done(job: RunningJob, file: Finished): Promise<void> {
    // A late outcome of a job stopped meanwhile: its partial file goes, nothing else changes.
    if (job.state !== "running") {
      this.forget(job.id);
      return deleteFile(job.partPath);
    }
    const now = this.now();
    const store = await this.store();
    const { row, evicted } = await store.write((tx) =>
      writeDone(tx, this.runner(job), file, { now, bounds: this.bytes }),
    );
    this.forget(job.id);
    this.deleteFiles(evicted);
    job.rowsWritten = file.rows;
    if (row) mirror(job, row);
    if (row?.state !== "done") deleteFile(job.partPath);
  }

  async fail(job: RunningJob, reason: string): Promise<void> {
    if (job.state === "running") {
      const now = this.now();
      try {
        const store = await this.store();
        const row = await store.write((tx) => writeFailed(tx, this.runner(job), reason, now));
        if (row) mirror(job, row);
      } catch (err) {
        // Elsewhere the job answers failed once its heartbeat is old (job-rows.ts, RUNNER_STOPPED).
        console.error(`Export ${job.id}: its failure could not be written to the store: ${messageOf(err)}`);
        Object.assign(job, { state: "failed", reason, finishedAt: now });
      }
    }
    this.forget(job.id);
    if (job.state !== "done") deleteJobFiles(this.dir, fileOf(job));
  }

  async prepare<T>(job: RunningJob, prepare: () => Promise<T>): Promise<T> {
    const held = this.jobs.get(job.id);
    if (held) held.preparing = true;
    try {
      return await prepare();
    } finally {
      if (held) {
        held.preparing = false;
        // Stopped while its rows were prepared: its place is free only now.
        if (job.state !== "running") await this.release(job.id);
      }
    }
  }

  async drop(job: RunningJob): Promise<void> {
    this.forget(job.id);
    job.controller.abort();
    deleteJobFiles(this.dir, fileOf(job));
    try {
      await (await this.store()).db.deleteFrom("export_jobs").where("id", "=", job.id).execute();
    } catch {
      // Left running, nobody's to see: its heartbeat ages and the sweep lets its place go.
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Writes the job's progress and heartbeat; learns whether it was stopped elsewhere. Never rejects. */
  private sync(held: Held): Promise<void> {
    held.syncedAt = this.now();
    // A store that fails a step is tried again at the next one; long enough, and the job is taken as stopped.
    const syncing = this.write(held)
      .catch(() => undefined)
      .finally(() => {
        held.syncing = undefined;
      });
    held.syncing = syncing;
    return syncing;
  }

  private async write(held: Held): Promise<void> {
    const { job } = held;
    const now = this.now();
    const bytes = fileSize(job.partPath);
    const store = await this.store();
    const { row, evicted } = await store.write((tx) =>
      writeStep(tx, this.runner(job), { now, bytes, bounds: this.bytes }),
    );
    this.deleteFiles(evicted);
    // Going on; or done by its runner's own write, which this step followed.
    if ((row?.state === "running" && row.cancel_requested === 0) || row?.state === "done") return;
    if (row) mirror(job, row);
    job.controller.abort();
    deleteJobFiles(this.dir, fileOf(job));
    if (!held.preparing) this.forget(job.id);
  }

  /** The runner's work on a stopped job ended: its place is free. */
  private async release(id: string): Promise<void> {
    this.forget(id);
    try {
      await releaseRow(await this.store(), id);
    } catch {
      // Its heartbeat ages, and the sweep lets the place go (job-rows.ts, STALE_MS).
    }
  }

  private runner(job: RunningJob): Runner {
    const { id, rowsWritten, total, partPath, path } = job;
    return { id, rowsWritten, total, partPath, path, preparing: this.jobs.get(id)?.preparing ?? false };
  }

  private beat(): void {
    if (this.timer || this.closed || this.heartbeatMs <= 0) return;
    this.timer = setInterval(() => {
      for (const held of this.jobs.values()) if (!held.syncing) void this.sync(held);
    }, this.heartbeatMs);
    this.timer.unref();
  }

  private forget(id: string): void {
    this.jobs.delete(id);
    if (this.jobs.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private deleteFiles(jobs: readonly JobFileName[]): void {
    for (const job of jobs) deleteJobFiles(this.dir, job);
  }
}

const fileOf = (job: RunningJob): JobFileName => ({ id: job.id, format: job.spec.format });

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
