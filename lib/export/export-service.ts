/**
 * The process's registry of the export jobs in the portal store, with the limits of lib/config/env.ts, and a sweep
 * that deletes expired files every minute; and the limit of the exports a user may start in a minute.
 */
import { env } from "@/lib/config/env";
import type { WindowLimit } from "@/lib/coordination/limits";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { onStop } from "@/lib/runtime/process-stop";
import { portalStore } from "@/lib/store/portal-store";
import { prepareExportDir } from "./export-dir";
import { ExportJobs } from "./export-jobs";
import { exportsStopParticipant } from "./stop-exports";

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Finished jobs (and files) kept per user and in all, whatever their age. */
const KEPT_PER_USER = 10;
const KEPT = 200;
const MIB = 2 ** 20;

export function exportJobs(): ExportJobs {
  return processSingleton("exportJobs", () => {
    const e = env();
    const jobs = new ExportJobs(portalStore, prepareExportDir(e.EXPORT_DIR), {
      runningPerUser: e.EXPORT_MAX_RUNNING_PER_USER,
      running: e.EXPORT_MAX_RUNNING,
      keptPerUser: KEPT_PER_USER,
      kept: KEPT,
      ttlMs: e.EXPORT_FILE_TTL_SECONDS * 1000,
      bytes: { total: e.EXPORT_MAX_MB * MIB, perUser: e.EXPORT_MAX_MB_PER_USER * MIB },
    });
    // The files of jobs no instance knows (a server stopped while writing them): docs/exports.md, Files.
    jobs.cleanUp().catch((err: unknown) => console.error(`Export files could not be cleaned up: ${messageOf(err)}`));
    // A sweep the store fails is tried again in a minute; every opening of a job sweeps too.
    setInterval(() => jobs.sweep().catch(() => undefined), 60_000).unref();
    // A stop waits for the running jobs, and fails those still running at its end (docs/health.md, Stopping).
    onStop(exportsStopParticipant(jobs));
    return jobs;
  });
}

/**
 * The exports a user may start in any minute (EXPORT_MAX_STARTS_PER_MINUTE): each start may have the server filter
 * and sort a million cached rows. Counted across the instances (docs/coordination.md); in memory without Redis,
 * bounded by age and count (SlidingWindowLimit: 10,000 users at most).
 */
export const exportStarts = (): WindowLimit<number> =>
  sharedWindowLimit({
    name: "export-starts",
    what: "export starts",
    perWindow: env().EXPORT_MAX_STARTS_PER_MINUTE,
    windowMs: 60_000,
  });
