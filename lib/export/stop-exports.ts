/**
 * The export jobs' part in a stop (lib/runtime/process-stop.ts, docs/health.md, Stopping): the stop waits for the
 * jobs this instance runs to finish; those still running at the end of its grace are marked failed in the store with
 * a reason that says what to do, while the store is still open; then their heartbeats stop.
 */
import type { StopParticipant } from "@/lib/runtime/process-stop";
import type { ExportJobs } from "./export-jobs";
import { RUNNER_STOPPED } from "./job-rows";

/** How often the stop looks whether the running jobs have finished. */
const POLL_MS = 200;

type StoppingJobs = Pick<ExportJobs, "running" | "fail" | "close">;

export function exportsStopParticipant(jobs: StoppingJobs, pollMs = POLL_MS): StopParticipant {
  return {
    settled: async (signal) => {
      while (jobs.running().length > 0 && !signal.aborted)
        await new Promise((resolve) => setTimeout(resolve, pollMs).unref());
    },
    abandon: async () => {
      const running = jobs.running();
      // The writers stop first, so that none writes on to a file that failing deletes (an aborted writer fails no job).
      for (const job of running) job.controller.abort();
      await Promise.all(running.map((job) => jobs.fail(job, RUNNER_STOPPED)));
    },
    close: () => jobs.close(),
  };
}
