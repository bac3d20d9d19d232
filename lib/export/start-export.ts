/**
 * POST of an export: the request checked, the user's own study opened (another user's connection is one that does
 * not exist), the start counted against the user's starts a minute and a job admitted within the limits, the table
 * made from the cached rows (reading none of them), then its rows ordered and the file written in the background
 * (the study's export pack prepares its rows in the job too); the answer is the job's state (202), which the
 * browser then polls. Nothing here filters or sorts rows: that is the job's work, off the rendering thread.
 */
import { requestAddress } from "@/lib/audit/request-address";
import type { SessionUser } from "@/lib/auth/session-user";
import { env } from "@/lib/config/env";
import { NOT_COUNTED_RETRY_SECONDS, takeCounted } from "@/lib/coordination/limits";
import { userSettings } from "@/lib/db/user-settings";
import { jsonBody } from "@/lib/http/json-body";
import { portalStore } from "@/lib/store/portal-store";
import { openUserStudy, type UserStudy } from "@/lib/study/open-user-study";
import { studyCache } from "@/lib/study/study-cache-instance";
import { jobStatus, NO_STORE, problem } from "./answers";
import type { ExportJobs, JobSpec, RunningJob } from "./export-jobs";
import { badRequestText, MAX_BODY, parseStartRequest, type TableStartRequest } from "./export-request";
import { exportJobs, exportStarts } from "./export-service";
import type { ExportSources, Refusal } from "./export-sources";
import { runPackExport } from "./pack/run-pack-export";
import { runExport } from "./run-export";
import { excelRefusal } from "./write-xlsx";

/** The refusal of a start beyond the user's starts a minute, with when to try again. */
export const tooManyStarts = (seconds: number) =>
  "You have started as many exports in the last minute as the portal allows. " +
  `Wait ${seconds} seconds, then start this one again.`;
/** The refusal of a start when the starts cannot be counted (Redis does not answer: docs/coordination.md). */
export const STARTS_NOT_COUNTED =
  "The server cannot count export starts just now, so this export was not started. Try again shortly.";

/** The pack's job, as a job names what it writes. */
const PACK = { view: "export-pack", table: "pack" } as const;

/** What a job's start needs besides its request: who asks, from where, and the study they opened. */
interface Start {
  user: SessionUser;
  address: string | null;
  access: UserStudy;
  jobs: ExportJobs;
  job: RunningJob;
}

export async function startExport(
  user: SessionUser,
  request: Request,
  sources: ExportSources,
  jobs: ExportJobs = exportJobs(),
  starts = exportStarts(),
): Promise<Response> {
  const parsed = parseStartRequest(await jsonBody(request, MAX_BODY));
  if (!parsed.success) return problem(400, badRequestText(parsed.error));
  const r = parsed.data;
  const address = await requestAddress();
  // A connection or study the user may not read is recorded as refused (via "export") by openUserStudy itself.
  const access = await openUserStudy(user.id, { connectionId: r.connectionId, study: r.study }, studyCache(), {
    address,
    via: "export",
  });
  if (!access) return problem(404, "There is no such study on your connections.");
  if (!access.listed)
    return problem(404, "This study is not on the connection's list of studies. Add it in Settings to export it.");
  const spec: JobSpec =
    r.format === "zip"
      ? { connectionId: r.connectionId, study: r.study, ...PACK, format: "zip" }
      : { connectionId: r.connectionId, study: r.study, view: r.view, table: r.table, format: r.format };
  // Not counted, not started: without its limit a script could have the server order rows without end.
  const waitMs = await takeCounted(starts, user.id);
  if (waitMs === undefined)
    return problem(503, STARTS_NOT_COUNTED, { "retry-after": String(NOT_COUNTED_RETRY_SECONDS) });
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return problem(429, tooManyStarts(seconds), { "retry-after": String(seconds) });
  }
  const opened = await jobs.open(user.id, spec);
  if ("refused" in opened) return problem(429, opened.refused);
  const start: Start = { user, address, access, jobs, job: opened.job };
  try {
    const refusal = r.format === "zip" ? startPack(start, sources, r.snapshot) : await startTable(start, r, sources);
    if (refusal) {
      await jobs.drop(opened.job);
      return problem(refusal.status, refusal.message);
    }
    return Response.json(jobStatus(opened.job), { status: 202, headers: NO_STORE });
  } catch (err) {
    await jobs.drop(opened.job);
    const refusal = sources.explain(err, access);
    return problem(refusal.status, refusal.message);
  }
}

/** The table prepared and its file's writing started; or why it cannot be exported. */
async function startTable(s: Start, r: TableStartRequest, sources: ExportSources): Promise<Refusal | undefined> {
  const { user, address, access } = s;
  const params = new URLSearchParams(r.query);
  const table = await sources.prepare(access, { view: r.view, table: r.table, params, subject: r.subject });
  if (!table) return { status: 404, message: "This page has no such table to export. Reload the page and try again." };
  // Known at once only for rows written as they are; an ordered table's count is the job's to work out.
  const tooLarge = r.format === "xlsx" && !table.ordered ? excelRefusal(table.count) : null;
  if (tooLarge) return { status: 422, message: tooLarge };
  const { connection } = access;
  void runExport(s.jobs, s.job, table, {
    format: r.format,
    study: r.study,
    connectionName: connection.name,
    partnerId: connection.partnerId,
    user: `${user.name} <${user.email}>`,
    exportedAt: new Date(),
    bom: (await userSettings(await portalStore(), user.id)).csvBom,
    rowsPerSecond: env().EXPORT_MAX_ROWS_PER_SECOND,
    record: {
      user: { id: user.id, email: user.email },
      address,
      connection: { id: connection.id, name: connection.name, partnerId: connection.partnerId },
    },
  });
  return undefined;
}

/**
 * The pack's job started (docs/export-pack.md): it prepares the study's rows and views itself, so that the answer
 * comes at once and the pack can be cancelled while a study loads; a partner's refusal becomes the job's failure.
 */
function startPack(s: Start, sources: ExportSources, snapshot?: number): undefined {
  const { user, address, access } = s;
  const source = {
    prepare: () => sources.pack(access, snapshot),
    explain: (err: unknown) => sources.explain(err, access).message,
  };
  void runPackExport(s.jobs, s.job, source, {
    connection: { name: access.connection.name, partnerId: access.connection.partnerId },
    user: { email: user.email, name: user.name },
    rowsPerSecond: env().EXPORT_MAX_ROWS_PER_SECOND,
    record: { userId: user.id, address, access },
  });
  return undefined;
}
