/** What an export job is, as every instance reads it from the store (./export-jobs.ts, docs/exports.md, Jobs). */
import type { ByteBounds } from "./byte-bounds";
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

/** A job as any instance reads it. */
export interface ExportJob {
  id: string;
  owner: number;
  spec: JobSpec;
  state: JobState;
  rowsWritten: number;
  /** Rows the file will hold; null while the rows are being prepared. */
  total: number | null;
  fileName: string | null;
  bytes: number | null;
  sha256: string | null;
  /** Why a job failed or stopped, in words for the user: what happened and what to do. */
  reason: string | null;
  finishedAt: number | null;
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

/** The handle of a job this instance runs: its state as last written or read, its files, its writer's signal. */
export interface RunningJob extends ExportJob {
  /** Where the finished file is kept for its download, once whole. */
  path: string;
  /** Where the writer writes the file until it is whole. */
  partPath: string;
  controller: AbortController;
}
