/**
 * The export routes' handlers (app/(portal)/exports): the session checked on every one, and first, on the routes
 * that change state (a start, a cancel), the request's origin (lib/http/same-origin.ts, docs/exports.md, Jobs): a
 * page of another site cannot start or cancel a user's exports with the user's cookies.
 */
import { withSessionUser } from "@/lib/auth/with-session-user";
import { env } from "@/lib/config/env";
import { sameOriginOnly } from "@/lib/http/same-origin";
import type { ExportJobs } from "./export-jobs";
import { exportJobs } from "./export-service";
import type { ExportSources } from "./export-sources";
import { cancelExport, downloadExport, exportStatus, type JobParams } from "./job-routes";
import { startExport } from "./start-export";

type JobContext = { params: JobParams };

/** POST /exports: starts an export of a table, a chart's data or the study's pack; answers the job's state. */
export const startRoute = (sources: ExportSources, jobs: () => ExportJobs = exportJobs) =>
  sameOriginOnly(
    env,
    withSessionUser((user, request: Request) => startExport(user, request, sources, jobs())),
  );

/** GET /exports/<id>: the job's state, for its owner only. */
export const statusRoute = (jobs: () => ExportJobs = exportJobs) =>
  withSessionUser((user, _request: Request, { params }: JobContext) => exportStatus(user, params, jobs()));

/** DELETE /exports/<id>: cancels the owner's job; its partial file is deleted at once. */
export const cancelRoute = (jobs: () => ExportJobs = exportJobs) =>
  sameOriginOnly(
    env,
    withSessionUser((user, _request: Request, { params }: JobContext) => cancelExport(user, params, jobs())),
  );

/** GET /exports/<id>/file: the finished file, for its owner only, as a download. */
export const fileRoute = (jobs: () => ExportJobs = exportJobs) =>
  withSessionUser((user, _request: Request, { params }: JobContext) => downloadExport(user, params, jobs()));
