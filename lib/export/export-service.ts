/**
 * The process's export jobs, with the limits of lib/config/env.ts, and a sweep that deletes expired files every minute.
 *
 */
import { env } from "@/lib/config/env";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { prepareExportDir } from "./export-dir";
import { ExportJobs } from "./export-jobs";

/** Finished jobs (and files) kept per user and in all, whatever their age. */
const KEPT_PER_USER = 10;
const KEPT = 200;

export function exportJobs(): ExportJobs {
  return processSingleton("exportJobs", () => {
    const e = env();
    const jobs = new ExportJobs(prepareExportDir(e.EXPORT_DIR), {
      runningPerUser: e.EXPORT_MAX_RUNNING_PER_USER,
      running: e.EXPORT_MAX_RUNNING,
      keptPerUser: KEPT_PER_USER,
      kept: KEPT,
      ttlMs: e.EXPORT_FILE_TTL_SECONDS * 1000,
    });
    setInterval(() => jobs.sweep(), 60_000).unref();
    return jobs;
  });
}
