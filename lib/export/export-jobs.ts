/**
 * The export jobs of this process, by a random 128-bit ID. A job belongs to one user: every lookup names the owner,
 * and another user's job answers exactly as one that does not exist. Bounded everywhere: a few jobs running per
 * user and in the server, a few finished files kept per user and in all, each for a limited time, and the bytes of
 * the files kept and being written (./byte-bounds.ts); a file is deleted when its job expires, is pushed out, fails
 * or is cancelled (docs/exports.md).
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { type ByteBounds, byteRoom } from "./byte-bounds";
import { deleteFile, fileSize } from "./export-dir";
import type { JobFormat } from "./export-file-name";

/** What a job writes: a table of a view (CSV or XLSX), or the study's export pack (view "export-pack", ZIP). */
export interface JobSpec {
  connectionId: string;
  study: string;
  view: string;
  table: string;
  format: JobFormat;
}

export type JobState = "running" | "done" | "failed" | "cancelled";

export interface ExportJob {
  id: string;
  owner: number;
  spec: JobSpec;
  state: JobState;
  rowsWritten: number;
  /** Rows the file will hold; null while the rows are being prepared. */
  total: number | null;
  /** The file's path while it is written and kept; its name for the download. */
  path: string;
  fileName: string | null;
  bytes: number | null;
  sha256: string | null;
  /** Why a job failed or stopped, in words for the user: what happened and what to do. */
  reason: string | null;
  finishedAt: number | null;
  controller: AbortController;
}

export interface JobLimits {
  runningPerUser: number;
  running: number;
  /** Finished jobs kept (with their files, if done) per user and in all. */
  keptPerUser: number;
  kept: number;
  /** How long a finished job (and its file) is kept. */
  ttlMs: number;
  /** The bytes of export files kept and being written, in all and per user; absent: no bound. */
  bytes?: ByteBounds;
}

export type Opened = { job: ExportJob } | { refused: string };

export class ExportJobs {
  private readonly jobs = new Map<string, ExportJob>();
  /**
   * Jobs whose rows are still being prepared (a pack's), cancelled or not: a cancel does not stop a preparation,
   * so it counts against the running limits until it ends. Bounded by those limits: only an admitted job enters.
   */
  private readonly preparing = new Set<ExportJob>();
  /** The size of each running job's file when its writer last reported progress (bounded by the running limits). */
  private readonly growing = new Map<ExportJob, number>();

  constructor(
    private readonly dir: string,
    private readonly limits: JobLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new running job, or why none may start now. */
  open(owner: number, spec: JobSpec): Opened {
    this.sweep();
    const running = [...new Set([...this.running(), ...this.preparing])];
    if (running.filter((j) => j.owner === owner).length >= this.limits.runningPerUser)
      return {
        refused:
          `You have ${this.limits.runningPerUser} exports running already. ` +
          "Wait for one to finish, or cancel one, then start this one again.",
      };
    if (running.length >= this.limits.running)
      return { refused: "The portal is writing as many exports as it can at once. Try again in a minute." };
    this.makeRoom(owner);
    const id = randomBytes(16).toString("hex");
    const job: ExportJob = {
      id,
      owner,
      spec,
      state: "running",
      rowsWritten: 0,
      total: null,
      path: join(this.dir, `${id}.${spec.format}`),
      fileName: null,
      bytes: null,
      sha256: null,
      reason: null,
      finishedAt: null,
      controller: new AbortController(),
    };
    this.jobs.set(id, job);
    return { job };
  }

  /** The owner's job; undefined for an unknown ID, another user's job, or an expired one alike. */
  get(owner: number, id: string): ExportJob | undefined {
    this.sweep();
    const job = this.jobs.get(id);
    return job && job.owner === owner ? job : undefined;
  }

  /** Whether `id` is a kept job of another user than `owner`: the caller answers as for none, and records it. */
  ownedByAnother(owner: number, id: string): boolean {
    const job = this.jobs.get(id);
    return job !== undefined && job.owner !== owner;
  }

  /** Stops the owner's running job and deletes its partial file at once; false when there is no such job. */
  cancel(owner: number, id: string): boolean {
    const job = this.get(owner, id);
    if (!job) return false;
    if (job.state === "running") {
      this.finish(job, "cancelled", "You cancelled this export. Start it again when you need the file.");
      job.controller.abort();
    }
    return true;
  }

  /**
   * The job's writer wrote `rows` rows: its file is measured, and when it takes the files past a byte bound the
   * oldest finished files are deleted, or else the job stops with the reason (its writer at its next batch).
   */
  progress(job: ExportJob, rows: number): void {
    job.rowsWritten = rows;
    if (job.state !== "running" || !this.limits.bytes) return;
    this.growing.set(job, fileSize(job.path));
    const refused = this.makeByteRoom(job);
    if (refused === null) return;
    this.finish(job, "failed", refused);
    job.controller.abort();
  }

  /**
   * The job's file is written: it may be downloaded until it expires. Its last bytes (written after the last
   * progress) may still push older files out, never the file itself: it is at most a batch past a bound.
   */
  done(job: ExportJob, file: { fileName: string; bytes: number; sha256: string; rows: number }): void {
    if (job.state !== "running") return;
    Object.assign(job, { fileName: file.fileName, bytes: file.bytes, sha256: file.sha256, rowsWritten: file.rows });
    this.finish(job, "done", null);
    this.makeByteRoom(job);
  }

  /** The job could not finish: its partial file is deleted, the reason kept for the user. */
  fail(job: ExportJob, reason: string): void {
    if (job.state === "running") this.finish(job, "failed", reason);
  }

  /** The job's rows, prepared by `prepare`: until it settles the job counts as running, even once cancelled. */
  async prepare<T>(job: ExportJob, prepare: () => Promise<T>): Promise<T> {
    this.preparing.add(job);
    try {
      return await prepare();
    } finally {
      this.preparing.delete(job);
    }
  }

  /** Forgets a job that never started writing (its rows could not be prepared). */
  drop(job: ExportJob): void {
    this.remove(job);
  }

  /** Running jobs, for a server that stops. */
  running(): ExportJob[] {
    return [...this.jobs.values()].filter((j) => j.state === "running");
  }

  /** Deletes finished jobs older than the time limit, with their files. */
  sweep(): void {
    const cutoff = this.now() - this.limits.ttlMs;
    for (const job of this.jobs.values()) if (job.finishedAt !== null && job.finishedAt <= cutoff) this.remove(job);
  }

  /** Deletes the oldest finished files while `job`'s takes the files past a byte bound; or why it cannot. */
  private makeByteRoom(job: ExportJob): string | null {
    if (!this.limits.bytes) return null;
    const room = byteRoom(job, [...this.jobs.values()], (j) => this.bytesOf(j), this.limits.bytes);
    if ("refused" in room) return room.refused;
    for (const kept of room.evict) this.remove(kept);
    return null;
  }

  /** The bytes a job's file takes: its size when done, as last measured while it is written, none otherwise. */
  private bytesOf(job: ExportJob): number {
    if (job.state === "done") return job.bytes ?? 0;
    return job.state === "running" ? (this.growing.get(job) ?? 0) : 0;
  }

  private finish(job: ExportJob, state: Exclude<JobState, "running">, reason: string | null): void {
    this.growing.delete(job);
    job.state = state;
    job.reason = reason;
    job.finishedAt = this.now();
    if (state !== "done") deleteFile(job.path);
  }

  /** Pushes out the oldest finished jobs while the owner, or the registry, holds as many as it may. */
  private makeRoom(owner: number): void {
    const finished = () => [...this.jobs.values()].filter((j) => j.finishedAt !== null);
    const oldestFirst = (a: ExportJob, b: ExportJob) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0);
    const own = finished()
      .filter((j) => j.owner === owner)
      .sort(oldestFirst);
    while (own.length >= this.limits.keptPerUser) this.remove(own.shift()!);
    const all = finished().sort(oldestFirst);
    while (this.jobs.size >= this.limits.kept && all.length > 0) this.remove(all.shift()!);
  }

  private remove(job: ExportJob): void {
    this.growing.delete(job);
    job.controller.abort();
    deleteFile(job.path);
    this.jobs.delete(job.id);
  }
}
