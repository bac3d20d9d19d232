import { withSessionUser } from "@/lib/auth/with-session-user";
import { downloadExport, type JobParams } from "@/lib/export/job-routes";

/** The file of a finished export, for its owner only, as a download. */
export const GET = withSessionUser((user, _request: Request, { params }: { params: JobParams }) =>
  downloadExport(user, params),
);
