/**
 * The routes of one export job, each for its owner only: its state (polled by the browser), its cancel, and its
 * file, answered by any instance from the store and the shared export directory (docs/exports.md, Jobs). An unknown
 * ID, an expired job and another user's job all answer the same 404.
 */
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { recordAccessRefusal } from "@/lib/audit/record-refusal";
import { requestAddress } from "@/lib/audit/request-address";
import type { SessionUser } from "@/lib/auth/session-user";
import { portalStore } from "@/lib/store/portal-store";
import { jobStatus, NO_STORE, NO_SUCH_JOB, problem } from "./answers";
import type { ExportJob, ExportJobs } from "./export-jobs";
import { jobIdSchema } from "./export-request";
import { exportJobs } from "./export-service";

export type JobParams = Promise<{ jobId: string }>;

/**
 * The download's reads: 1 MiB at a time rather than Node's 64 KiB. Every chunk passes the web stream and Next.js's
 * response piping on the thread that renders pages; a 90 MB file took about 0.3 s of it in 64 KiB chunks.
 */
const READ_CHUNK = 1024 * 1024;

const CONTENT_TYPE = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
} as const;

async function ownJob(user: SessionUser, params: JobParams, jobs: ExportJobs): Promise<ExportJob | undefined> {
  const id = jobIdSchema.safeParse((await params).jobId);
  if (!id.success) return undefined;
  const job = await jobs.get(user.id, id.data);
  // Another user's job answers as one that does not exist, and the attempt goes into the audit trail.
  if (!job && (await jobs.ownedByAnother(user.id, id.data)))
    await recordAccessRefusal(await portalStore(), {
      actor: user.id,
      address: await requestAddress(),
      reason: "other_users_export",
      via: "export",
    });
  return job;
}

export async function exportStatus(user: SessionUser, params: JobParams, jobs = exportJobs()): Promise<Response> {
  const job = await ownJob(user, params, jobs);
  return job ? Response.json(jobStatus(job), { headers: NO_STORE }) : problem(404, NO_SUCH_JOB);
}

export async function cancelExport(user: SessionUser, params: JobParams, jobs = exportJobs()): Promise<Response> {
  const job = await ownJob(user, params, jobs);
  if (!job) return problem(404, NO_SUCH_JOB);
  const now = await jobs.cancel(user.id, job.id);
  return now ? Response.json(jobStatus(now), { headers: NO_STORE }) : problem(404, NO_SUCH_JOB);
}

export async function downloadExport(user: SessionUser, params: JobParams, jobs = exportJobs()): Promise<Response> {
  const job = await ownJob(user, params, jobs);
  if (!job) return problem(404, NO_SUCH_JOB);
  if (job.state !== "done" || job.fileName === null)
    return problem(409, "This export has no file to download: it is still being written, or it did not finish.");
  // Opened before answering: a file swept in between is a 404, not a broken download. A done job's file is whole:
  // it is renamed to this name in the write that makes the job done (job-runs.ts).
  const handle = await open(jobs.filePath(job), "r").catch(() => undefined);
  if (!handle) return problem(404, NO_SUCH_JOB);
  const { size } = await handle.stat();
  const body = Readable.toWeb(handle.createReadStream({ highWaterMark: READ_CHUNK })) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "content-type": CONTENT_TYPE[job.spec.format],
      "content-length": String(size),
      // The name has safe characters only (export-file-name.ts): no quoting or encoding can break out of it.
      "content-disposition": `attachment; filename="${job.fileName}"`,
    },
  });
}
