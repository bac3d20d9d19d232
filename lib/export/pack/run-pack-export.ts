/**
 * A pack job's run: the study's rows and views prepared (the job is running meanwhile, with no total yet, and can
 * be cancelled: a study that loads cold takes a minute), then the study export pack written into the job's file
 * under its temporary name (owner-only, created new), its progress in rows of the plan's total, then recorded and
 * done (its file renamed into place); or it failed or was cancelled and its partial file is deleted. The table
 * jobs' counterpart is ../run-export.ts. Never throws: every outcome ends in the job's state.
 */
import { createWriteStream, rmSync } from "node:fs";
import type { ExportJobs, RunningJob } from "../export-jobs";
import { failureReason } from "../failure-reason";
import type { PackPeople } from "./manifest";
import type { ExportPackData } from "./pack-data";
import { type PackExport, recordPackExport } from "./record-pack-export";
import { writeStudyPack } from "./write-study-pack";

export interface PackRunContext extends PackPeople {
  /** EXPORT_MAX_ROWS_PER_SECOND; 0: no limit. */
  rowsPerSecond?: number;
  /** Who asked, from what address, for which connection and study: the record of the pack. */
  record: Omit<PackExport, "summary">;
}

/** Where the pack's data comes from: prepared inside the job, and a failure to prepare it in words. */
export interface PackSource {
  prepare(): Promise<ExportPackData>;
  /** Why the rows could not be prepared, for the user (the study page's words for a partner's refusal). */
  explain(err: unknown): string;
}

export async function runPackExport(jobs: ExportJobs, job: RunningJob, source: PackSource, ctx: PackRunContext) {
  const { signal } = job.controller;
  let data: ExportPackData;
  try {
    data = await jobs.prepare(job, () => source.prepare());
  } catch (err) {
    // A cancelled job says why already: a preparation that fails after the cancel is nobody's news.
    if (!signal.aborted) await jobs.fail(job, explained(source, err));
    return;
  }
  // Cancelled while the rows were prepared: the job says so already, and nothing is written.
  if (!signal.aborted) await writePack(jobs, job, data, ctx);
}

/** The source's words for a failure to prepare; should they fail too, the general ones (this run never throws). */
function explained(source: PackSource, err: unknown): string {
  try {
    return source.explain(err);
  } catch {
    return failureReason(err);
  }
}

async function writePack(jobs: ExportJobs, job: RunningJob, data: ExportPackData, ctx: PackRunContext) {
  const { record, rowsPerSecond, ...people } = ctx;
  const { signal } = job.controller;
  try {
    // A file that cannot be created or written fails the pipeline inside writeStudyPack, which then stops.
    const file = createWriteStream(job.partPath, { flags: "wx", mode: 0o600 });
    const input = {
      data,
      ...people,
      rowsPerSecond,
      onPlan: (plan: { rows: number }) => {
        job.total = plan.rows;
      },
    };
    // Also measures the file against the byte bounds, and hears of a cancel on another instance: either may stop
    // the job at a later step (../job-runs.ts).
    const progress = (_files: number, rows: number) => void jobs.progress(job, rows);
    const summary = await writeStudyPack(input, file, progress, signal);
    signal.throwIfAborted();
    // Recorded before it can be downloaded: a pack that cannot be recorded is never handed out.
    await recordPackExport({ ...record, summary });
    const { fileName, zipBytes: bytes, zipSha256: sha256, rows } = summary;
    await jobs.done(job, { fileName, bytes, sha256, rows });
  } catch (err) {
    if (!signal.aborted) {
      // For the administrator: a message of the file system or the writer, never row content or secrets.
      console.error(`Export ${job.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      await jobs.fail(job, failureReason(err));
    }
    rmSync(job.partPath, { force: true });
  }
}
