/**
 * The study a review request (a comment, a saved view) acts on: the user's own connection's study, on its list, and
 * served to its credentials now (its subjects asked for), before anything of the review is read or written. A user
 * whose connection is not theirs, or whom the partner no longer serves the study, reads and writes nothing. Its
 * writes are counted a minute per user, each kind of its own.
 */
import { requestAddress } from "@/lib/audit/request-address";
import type { SessionUser } from "@/lib/auth/session-user";
import { NOT_COUNTED_RETRY_SECONDS, takeCounted, type WindowLimit } from "@/lib/coordination/limits";
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

/** What a refusal past a review write limit says: the writes counted, and the act to try again. */
export interface LimitWords {
  /** "review marks": what the server cannot count, so that nothing was written. */
  counted: string;
  /** "You marked records": what the user did very often in the last minute. */
  done: string;
  /** "mark again": what to do once the wait is over. */
  again: string;
}

/**
 * The refusal of a review write past the user's writes a minute (429 with the seconds to wait), or when they cannot
 * be counted (503: Redis does not answer); undefined: go on.
 */
export async function overReviewLimit(
  limit: WindowLimit<number>,
  userId: number,
  words: LimitWords,
): Promise<Response | undefined> {
  const waitMs = await takeCounted(limit, userId);
  if (waitMs === undefined)
    return problem(
      503,
      `The server cannot count ${words.counted} just now, so nothing was written. Try again shortly.`,
      {
        "retry-after": String(NOT_COUNTED_RETRY_SECONDS),
      },
    );
  if (waitMs <= 0) return undefined;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return problem(429, `${words.done} very often in the last minute. Wait ${seconds} seconds, then ${words.again}.`, {
    "retry-after": String(seconds),
  });
}
