import { withSessionUser } from "@/lib/auth/with-session-user";
import { startExport } from "@/lib/export/start-export";
import { EXPORT_SOURCES } from "@/sections/exports";

/** Starts an export of a table or a chart's data (docs/exports.md); answers the job's state. */
export const POST = withSessionUser((user, request: Request) => startExport(user, request, EXPORT_SOURCES));
