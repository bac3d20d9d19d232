/** The JSON answers of the export routes: a job's state as its owner sees it, and refusals in words. */
import type { ExportJob } from "./export-jobs";

export const NO_STORE = { "cache-control": "no-store" };

export function problem(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: message }, { status, headers: { ...NO_STORE, ...headers } });
}

export const NO_SUCH_JOB =
  "There is no such export: it may have expired (files are kept for a limited time). Start the export again.";

/** What a job's status answer tells: the job as the store holds it, without its owner, spec and times. */
export type JobStatus = Pick<
  ExportJob,
  "id" | "state" | "rowsWritten" | "total" | "fileName" | "bytes" | "sha256" | "reason"
>;

export function jobStatus(job: ExportJob): JobStatus {
  const { id, state, rowsWritten, total, fileName, bytes, sha256, reason } = job;
  return { id, state, rowsWritten, total, fileName, bytes, sha256, reason };
}
