/**
 * The process's export jobs, with the limits of lib/config/env.ts, and a sweep that deletes expired files every
 * minute; and the limit of the exports a user may start in a minute.
 */
import { env } from "@/lib/config/env";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { SlidingWindowLimit } from "@/lib/study-cache/sliding-window";
import { prepareExportDir } from "./export-dir";
import { ExportJobs } from "./export-jobs";

/** Finished jobs (and files) kept per user and in all, whatever their age. */
const KEPT_PER_USER = 10;
const KEPT = 200;
const MIB = 2 ** 20;

export function exportJobs(): ExportJobs {
  return processSingleton("exportJobs", () => {
    const e = env();
    const jobs = new ExportJobs(prepareExportDir(e.EXPORT_DIR), {
      runningPerUser: e.EXPORT_MAX_RUNNING_PER_USER,
      running: e.EXPORT_MAX_RUNNING,
      keptPerUser: KEPT_PER_USER,
      kept: KEPT,
      ttlMs: e.EXPORT_FILE_TTL_SECONDS * 1000,
      bytes: { total: e.EXPORT_MAX_MB * MIB, perUser: e.EXPORT_MAX_MB_PER_USER * MIB },
    });
    setInterval(() => jobs.sweep(), 60_000).unref();
    return jobs;
  });
}

/**
 * The exports a user may start in any minute (EXPORT_MAX_STARTS_PER_MINUTE): each start may have the server filter
 * and sort a million cached rows. Bounded by age and count (SlidingWindowLimit: 10,000 users at most).
 */
export const exportStarts = (): SlidingWindowLimit<number> =>
  processSingleton(
    "exportStarts",
    () => new SlidingWindowLimit<number>({ perWindow: env().EXPORT_MAX_STARTS_PER_MINUTE, windowMs: 60_000 }),
  );
