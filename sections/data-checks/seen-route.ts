/**
 * POST /review/findings (docs/review.md, Data-check findings): marks data-check findings seen, with what each says
 * now, or takes the marks away, for the signed-in user, from the portal's own pages only. The study is opened as
 * for a page and served to the user's credentials first (sections/frame/review-access.ts); a finding is marked only
 * where the whole study's checks of the latest data find it (named by its key: lib/clinical/checks/finding-key.ts),
 * else nothing is marked. Counted with the user's review marks a minute; each request is one audit entry
 * (`review.mark` of kind `finding`), never a key.
 */
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { withSessionUser } from "@/lib/auth/with-session-user";
import { findingKeys } from "@/lib/clinical/checks/finding-key";
import { env } from "@/lib/config/env";
import { problem } from "@/lib/export/answers";
import { tableStartSchema } from "@/lib/export/export-request";
import type { ExportSources } from "@/lib/export/export-sources";
import { jsonBody } from "@/lib/http/json-body";
import { sameOriginOnly } from "@/lib/http/same-origin";
import type { MarkOutcome } from "@/lib/review/mark-outcome";
import { FINDINGS_LIST } from "@/lib/review/study-findings";
import type { UserStudy } from "@/lib/study/open-user-study";
import { recordReviewMark } from "@/lib/study/study-audit";
import { openForReview, overReviewLimit } from "@/sections/frame/review-access";
import { MARK_LIMIT_WORDS, MAX_KEYS, marksLimit } from "@/sections/frame/review-route";
import { findingHash } from "./finding-review";
import { loadDataChecks } from "./load";
import { NO_CHECKS_FILTER } from "./query";

const MAX_BODY = 8_192;

export const seenRequestSchema = z.strictObject({
  connectionId: tableStartSchema.shape.connectionId,
  study: tableStartSchema.shape.study,
  act: z.enum(["seen", "unseen"]),
  keys: z
    .array(z.string().regex(/^[0-9a-f]{24}$/))
    .min(1)
    .max(MAX_KEYS),
});

export const BAD_SEEN_REQUEST =
  "The request to mark findings seen could not be read. Reload the page and try again; if it happens again, tell " +
  "your administrator.";

export const seenRoute = (sources: ExportSources) =>
  sameOriginOnly(
    env,
    withSessionUser((user, request: Request) => seen(user, request, sources)),
  );

async function seen(user: SessionUser, request: Request, sources: ExportSources): Promise<Response> {
  const parsed = seenRequestSchema.safeParse(await jsonBody(request, MAX_BODY));
  if (!parsed.success) return problem(400, BAD_SEEN_REQUEST);
  const r = parsed.data;
  const opened = await openForReview(user, r, sources);
  if ("refusal" in opened) return opened.refusal;
  const { access, address } = opened;
  const limited = await overReviewLimit(marksLimit(), user.id, MARK_LIMIT_WORDS);
  if (limited) return limited;
  try {
    const outcome = r.act === "seen" ? await markSeen(access, r.keys) : await access.review.unseeFindings(r.keys);
    if (outcome.status === "unknown-records")
      return problem(
        409,
        "Nothing was marked: a finding named is not among those the data checks find now (the data were refreshed " +
          "meanwhile). Reload the page and mark again.",
      );
    if (outcome.status === "read-only")
      return problem(409, "A past snapshot is read-only: open the latest data to mark findings seen.");
    await recordReviewMark(
      { address, via: "review", userId: user.id, connectionId: r.connectionId, study: r.study },
      { kind: FINDINGS_LIST, mark: r.act === "seen" ? "reviewed" : "unmarked", records: outcome.count },
      "record",
    );
    return Response.json({ count: outcome.count }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const refusal = sources.explain(err, access);
    return problem(refusal.status, refusal.message);
  }
}

/** The findings named, each with what it says now; refused whole where one is not found now. */
async function markSeen(access: UserStudy, keys: readonly string[]): Promise<MarkOutcome> {
  const { findings } = await loadDataChecks(access.whole ?? access, NO_CHECKS_FILTER);
  const now = new Map(findingKeys(findings).map((key, i) => [key, findingHash(findings[i])]));
  const unknown = keys.filter((k) => !now.has(k)).length;
  if (unknown > 0) return { status: "unknown-records", unknown };
  return access.review.seeFindings(keys.map((key) => ({ key, hash: now.get(key) as string })));
}
