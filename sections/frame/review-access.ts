/**
 * The study a review request (a comment, a saved view) acts on: the user's own connection's study, on its list, and
 * served to its credentials now (its subjects asked for), before anything of the review is read or written. A user
 * whose connection is not theirs, or whom the partner no longer serves the study, reads and writes nothing.
 */
import { requestAddress } from "@/lib/audit/request-address";
import type { SessionUser } from "@/lib/auth/session-user";
import { problem } from "@/lib/export/answers";
import type { ExportSources } from "@/lib/export/export-sources";
import { openUserStudy, type UserStudy } from "@/lib/study/open-user-study";

export type ReviewTarget = { connectionId: string; study: string };

/** The user's study, its rows asked for; or the refusal, said with its status and what to do. */
export async function openForReview(
  user: SessionUser,
  r: ReviewTarget,
  sources: ExportSources,
): Promise<{ access: UserStudy; address: string | null } | { refusal: Response }> {
  const address = await requestAddress();
  const access = await openUserStudy(user.id, { connectionId: r.connectionId, study: r.study }, undefined, {
    address,
    via: "review",
  });
  if (!access) return { refusal: problem(404, "There is no such study on your connections.") };
  if (!access.listed)
    return {
      refusal: problem(404, "This study is not on the connection's list of studies. Add it in Settings to read it."),
    };
  try {
    await access.rows("Patient");
  } catch (err) {
    const refusal = sources.explain(err, access);
    return { refusal: problem(refusal.status, refusal.message) };
  }
  return { access, address };
}
