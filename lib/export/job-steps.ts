/**
 * The writes of a job's runner to the job's row (./job-runs.ts): a step (progress and heartbeat, or the news that
 * the job was stopped elsewhere), the file done, the job failed, its running place let go. Each runs inside the
 * runner's store.write; those that measure against the byte bounds hold the table first (./job-rows.ts).
 */
import { rename } from "node:fs/promises";
import type { Store } from "@/lib/store/store";
import type { ByteBounds } from "./byte-bounds";
import type { JobFileName } from "./export-dir";
import { applyByteBounds, iso, type JobRow, lockJobs, readRow } from "./job-rows";

/** What a runner's write reads back: the job's row, and the finished jobs it deleted (their files are to go). */
export interface StepResult {
  row: JobRow | undefined;
  evicted: JobFileName[];
}

/** The job as its runner writes it. */
export interface Runner {
  id: string;
  rowsWritten: number;
  total: number | null;
  /** Where the file is written, and where it is kept once whole. */
  partPath: string;
  path: string;
  /** Its rows are being prepared: a cancel cannot stop that, so the job keeps its place until it ends. */
  preparing: boolean;
}

export type Finished = { fileName: string; bytes: number; sha256: string; rows: number };

/**
 * The runner's progress and heartbeat, its file measured at `bytes` against the bounds (which may fail the job), or,
 * when the job was stopped elsewhere, only the heartbeat of a preparation under way (it keeps the place until it
 * ends).
 */
export async function writeStep(
  tx: Store,
  job: Runner,
  { now, bytes, bounds }: { now: number; bytes: number; bounds?: ByteBounds },
): Promise<StepResult> {
  if (bounds) await lockJobs(tx);
  const before = await readRow(tx, job.id);
  if (before?.state !== "running" || before.cancel_requested === 1) {
    const heartbeat = job.preparing ? iso(now) : null;
    await tx.db.updateTable("export_jobs").set({ heartbeat_at: heartbeat }).where("id", "=", job.id).execute();
    return { row: before, evicted: [] };
  }
  await tx.db
    .updateTable("export_jobs")
    .set({ rows_written: job.rowsWritten, total: job.total, bytes, heartbeat_at: iso(now) })
    .where("id", "=", job.id)
    .execute();
  const room = bounds ? await applyByteBounds(tx, job.id, now, bounds) : { evicted: [] };
  if ("refused" in room)
    await tx.db
      .updateTable("export_jobs")
      .set({ state: "failed", reason: room.refused, finished_at: iso(now), heartbeat_at: null })
      .where("id", "=", job.id)
      .execute();
  return { row: await readRow(tx, job.id), evicted: "evicted" in room ? room.evicted : [] };
}

/**
 * The file is whole: the job done and its file renamed into place, unless it was stopped meanwhile. Its last bytes
 * may push older files out, never the file itself.
 */
export async function writeDone(
  tx: Store,
  job: Runner,
  file: Finished,
  { now, bounds }: { now: number; bounds?: ByteBounds },
): Promise<StepResult> {
  if (bounds) await lockJobs(tx);
  const finished = await tx.db
    .updateTable("export_jobs")
    .set({ state: "done", file_name: file.fileName, bytes: file.bytes, sha256: file.sha256 })
    .set({ rows_written: file.rows, total: job.total, finished_at: iso(now), heartbeat_at: null })
    .where("id", "=", job.id)
    .where("state", "=", "running")
    .where("cancel_requested", "=", 0)
    .executeTakeFirst();
  if (Number(finished.numUpdatedRows) === 0) {
    await releaseRow(tx, job.id);
    return { row: await readRow(tx, job.id), evicted: [] };
  }
  // Renamed in the write that makes the job done: no instance finds it done before its whole file is in place, and
  // a cancel from another instance waits for this write, then finds the job done. A failed rename undoes the write.
  await rename(job.partPath, job.path);
  const room = bounds ? await applyByteBounds(tx, job.id, now, bounds) : { evicted: [] };
  return { row: await readRow(tx, job.id), evicted: "evicted" in room ? room.evicted : [] };
}

/** The job failed, unless it was stopped meanwhile; its place is let go either way. */
export async function writeFailed(tx: Store, job: Runner, reason: string, now: number): Promise<JobRow | undefined> {
  await tx.db
    .updateTable("export_jobs")
    .set({ state: "failed", reason, finished_at: iso(now), rows_written: job.rowsWritten, total: job.total })
    .where("id", "=", job.id)
    .where("state", "=", "running")
    .execute();
  await releaseRow(tx, job.id);
  return readRow(tx, job.id);
}

/** A stopped job's place let go; never a running job's (it would then be neither counted nor swept). */
export async function releaseRow(tx: Store, id: string): Promise<void> {
  await tx.db
    .updateTable("export_jobs")
    .set({ heartbeat_at: null })
    .where("id", "=", id)
    .where("state", "<>", "running")
    .execute();
}
