/**
 * The portal's export jobs, by a random 128-bit ID, in the portal store so that any instance answers for any job
 * (docs/exports.md, Jobs): its state, its file and its cancel. The instance that accepted a job runs it
 * (./job-runs.ts): it writes the job's progress and a heartbeat, and stops at its next step when the job was
 * cancelled elsewhere; a running job whose heartbeat stopped answers failed, in words, and its partial file goes.
 *
 * A job belongs to one user: every lookup names the owner, and another user's job answers exactly as one that does
 * not exist. Bounded everywhere, counted in the store so that the bounds hold across instances: a few jobs running
 * per user and in all, a few finished files kept per user and in all, each for a limited time, and the bytes of the
 * files kept and being written (./byte-bounds.ts); a file is deleted when its job expires, is pushed out, fails or
 * is cancelled.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Store } from "@/lib/store/store";
import { deleteJobFiles, deleteUnknownFiles, type JobFileName, keptFilePath } from "./export-dir";
import {
  cancelRow,
  expired,
  insertJob,
  jobOf,
  lockJobs,
  makeRoom,
  readRow,
  runningRefusal,
  stale,
  sweepRows,
} from "./job-rows";
import { JobRuns } from "./job-runs";
import type { ExportJob, JobLimits, JobSpec, RunningJob } from "./job-types";

export type { ExportJob, JobLimits, JobSpec, JobState, RunningJob } from "./job-types";

export interface JobsOptions {
  now?: () => number;
  /** This instance's name in the jobs it runs; a new one for each registry by default. */
  instance?: string;
  /** How often the jobs this instance runs write their heartbeat when they write no progress; 0: never (tests). */
  heartbeatMs?: number;
}

export type Opened = { job: RunningJob } | { refused: string };

export class ExportJobs {
  private readonly now: () => number;
  private readonly instance: string;
  private readonly runs: JobRuns;

  constructor(
    private readonly store: () => Promise<Store>,
    private readonly dir: string,
    private readonly limits: JobLimits,
    options: JobsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.instance = options.instance ?? randomUUID();
    this.runs = new JobRuns(store, dir, limits.bytes, this.now, options.heartbeatMs);
  }

  /** A new running job of this instance, or why none may start now; bounds checked and job inserted in one write. */
  async open(owner: number, spec: JobSpec): Promise<Opened> {
    const id = randomBytes(16).toString("hex");
    const now = this.now();
    const store = await this.store();
    const { refused, removed } = await store.write(async (tx) => {
      await lockJobs(tx);
      const removed = await sweepRows(tx, now, this.limits.ttlMs);
      const refused = await runningRefusal(tx, owner, this.limits);
      if (refused) return { refused, removed };
      removed.push(...(await makeRoom(tx, owner, this.limits)));
      await insertJob(tx, { id, owner, spec, now, instance: this.instance });
      return { refused: null, removed };
    });
    this.deleteFiles(removed);
    if (refused) return { refused };
    const job = this.runs.hold({ id, owner, spec });
    return { job };
  }

  /** The owner's job; undefined for an unknown ID, another user's job, or an expired one alike. */
  async get(owner: number, id: string): Promise<ExportJob | undefined> {
    const store = await this.store();
    const read = () =>
      store.db.selectFrom("export_jobs").selectAll().where("id", "=", id).where("owner", "=", owner).executeTakeFirst();
    let row = await read();
    if (row && (expired(row, this.now(), this.limits.ttlMs) || stale(row, this.now()))) {
      await this.sweep();
      row = await read();
    }
    return row ? jobOf(row) : undefined;
  }

  /** Whether `id` is a kept job of another user than `owner`: the caller answers as for none, and records it. */
  async ownedByAnother(owner: number, id: string): Promise<boolean> {
    const row = await readRow(await this.store(), id);
    return row !== undefined && row.owner !== owner && !expired(row, this.now(), this.limits.ttlMs);
  }

  /**
   * Cancels the owner's running job, on whatever instance it runs: its partial file is deleted at once, and its
   * runner stops at its next step (at once on this instance). The job as it is then; undefined when there is none.
   */
  async cancel(owner: number, id: string): Promise<ExportJob | undefined> {
    const found = await this.get(owner, id);
    if (found?.state !== "running") return found;
    const now = this.now();
    // A runner here that is not preparing rows stops at once: its place is free at once.
    const letGo = this.runs.stopsAtOnce(id);
    const store = await this.store();
    const row = await store.write((tx) => cancelRow(tx, { id, owner, now, letGo }));
    if (!row) return undefined;
    if (row.state === "cancelled") deleteJobFiles(this.dir, { id, format: row.format });
    this.runs.stopped(id, row, letGo);
    return jobOf(row);
  }

  /** The job's writer wrote `rows` rows (./job-runs.ts): never rejects. */
  progress(job: RunningJob, rows: number): Promise<void> {
    return this.runs.progress(job, rows);
  }

  /**
   * The job's file is written whole: renamed into place and downloadable until it expires. Its last bytes (written
   * after the last progress) may still push older files out, never the file itself.
   */
  done(job: RunningJob, file: { fileName: string; bytes: number; sha256: string; rows: number }): Promise<void> {
    return this.runs.done(job, file);
  }

  /** The job could not finish: its partial file is deleted, the reason kept for the user. Never rejects. */
  fail(job: RunningJob, reason: string): Promise<void> {
    return this.runs.fail(job, reason);
  }

  /** The job's rows, prepared by `prepare`: until it settles the job holds its running place, even once cancelled. */
  prepare<T>(job: RunningJob, prepare: () => Promise<T>): Promise<T> {
    return this.runs.prepare(job, prepare);
  }

  /** Forgets a job that never started writing (its rows could not be prepared). */
  drop(job: RunningJob): Promise<void> {
    return this.runs.drop(job);
  }

  /** The jobs this instance runs that still hold a running place. */
  running(): RunningJob[] {
    return this.runs.held();
  }

  /** Where a done job's file is kept. */
  filePath(job: ExportJob): string {
    return keptFilePath(this.dir, { id: job.id, format: job.spec.format });
  }

  /** Answers jobs whose runner stopped as failed, deletes finished jobs older than the time limit; files with both. */
  async sweep(): Promise<void> {
    const now = this.now();
    const store = await this.store();
    this.deleteFiles(await store.write((tx) => sweepRows(tx, now, this.limits.ttlMs)));
  }

  /** At start-up: deletes the files no job in the store names (a server stopped while writing them). */
  async cleanUp(): Promise<number> {
    return deleteUnknownFiles(this.dir, async () => {
      const rows = await (await this.store()).db.selectFrom("export_jobs").select("id").execute();
      return new Set(rows.map((r) => r.id));
    });
  }

  /** Stops this instance's heartbeats (a server that stops; its running jobs then answer failed elsewhere). */
  close(): void {
    this.runs.close();
  }

  private deleteFiles(jobs: readonly JobFileName[]): void {
    for (const job of jobs) deleteJobFiles(this.dir, job);
  }
}
