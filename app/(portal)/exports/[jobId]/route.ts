import { withSessionUser } from "@/lib/auth/with-session-user";
import { cancelExport, exportStatus, type JobParams } from "@/lib/export/job-routes";

type Context = { params: JobParams };

/** An export's state, for its owner only. */
export const GET = withSessionUser((user, _request: Request, { params }: Context) => exportStatus(user, params));

/** Cancels an export: its partial file is deleted at once. */
export const DELETE = withSessionUser((user, _request: Request, { params }: Context) => cancelExport(user, params));
