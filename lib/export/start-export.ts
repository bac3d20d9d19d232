/**
 * POST of an export: the request checked, the user's own study opened (another user's connection is one that does
 * not exist), a job admitted within the limits, the table prepared from the cached rows, then the file written in
 * the background; the answer is the job's state (202), which the browser then polls.
 */
import { requestAddress } from "@/lib/audit/request-address";
import type { SessionUser } from "@/lib/auth/session-user";
import { portalDb } from "@/lib/db/portal-db";
import { userSettings } from "@/lib/db/user-settings";
import { env } from "@/lib/env";
import { studyCache } from "@/lib/study-cache/instance";
import { openUserStudy } from "@/lib/study-views/open-user-study";
import { jobStatus, NO_STORE, problem } from "./answers";
import type { ExportJobs } from "./export-jobs";
import { badRequestText, MAX_BODY, startRequestSchema } from "./export-request";
import { exportJobs } from "./export-service";
import type { ExportSources } from "./export-sources";
import { runExport } from "./run-export";
import { excelRefusal } from "./write-xlsx";

export async function startExport(
  user: SessionUser,
  request: Request,
  sources: ExportSources,
  jobs: ExportJobs = exportJobs(),
): Promise<Response> {
  const text = await request.text();
  let body: unknown;
  try {
    body = text.length <= MAX_BODY ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const parsed = startRequestSchema.safeParse(body);
  if (!parsed.success) return problem(400, badRequestText(parsed.error));
  const r = parsed.data;
  const address = await requestAddress();
  // A connection or study the user may not read is recorded as refused (via "export") by openUserStudy itself.
  const access = openUserStudy(user.id, { connectionId: r.connectionId, study: r.study }, studyCache(), {
    address,
    via: "export",
  });
  if (!access) return problem(404, "There is no such study on your connections.");
  if (!access.listed)
    return problem(404, "This study is not on the connection's list of studies. Add it in Settings to export it.");
  const spec = { connectionId: r.connectionId, study: r.study, view: r.view, table: r.table, format: r.format };
  const opened = jobs.open(user.id, spec);
  if ("refused" in opened) return problem(429, opened.refused);
  const { job } = opened;
  try {
    const table = await sources.prepare(access, {
      view: r.view,
      table: r.table,
      params: new URLSearchParams(r.query),
      subject: r.subject,
    });
    if (!table) {
      jobs.drop(job);
      return problem(404, "This page has no such table to export. Reload the page and try again.");
    }
    const tooLarge = r.format === "xlsx" ? excelRefusal(table.count) : null;
    if (tooLarge) {
      jobs.drop(job);
      return problem(422, tooLarge);
    }
    const { connection } = access;
    void runExport(jobs, job, table, {
      study: r.study,
      connectionName: connection.name,
      partnerId: connection.partnerId,
      user: `${user.name} <${user.email}>`,
      exportedAt: new Date(),
      bom: userSettings(portalDb(), user.id).csvBom,
      rowsPerSecond: env().EXPORT_MAX_ROWS_PER_SECOND,
      record: {
        user: { id: user.id, email: user.email },
        address,
        connection: { id: connection.id, name: connection.name, partnerId: connection.partnerId },
      },
    });
    return Response.json(jobStatus(job), { status: 202, headers: NO_STORE });
  } catch (err) {
    jobs.drop(job);
    const refusal = sources.explain(err, access);
    return problem(refusal.status, refusal.message);
  }
}
