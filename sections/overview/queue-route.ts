/**
 * GET /review/queue (docs/review.md, Your queue): where the signed-in user's queue goes on from the table they are
 * at, for the keyboard's `n` at the end of a table's records to review. The study is the user's own, opened as for
 * every review request (sections/frame/review-access.ts); the answer is the next place's address and words, or null
 * where nothing is left to review. Reads only: nothing is written or counted.
 */
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { withSessionUser } from "@/lib/auth/with-session-user";
import { NO_STORE, problem } from "@/lib/export/answers";
import type { ExportSources } from "@/lib/export/export-sources";
import { studyPath, studyRouteSchema } from "@/lib/study/study-route";
import { openForReview } from "@/sections/frame/review-access";
import { nextPlace, placeAt, placeHref, placeWords, queuePlaces } from "./queue";

const queueQuerySchema = z.strictObject({
  ...studyRouteSchema.shape,
  /** The table's record type. */
  type: z.string().min(1).max(40),
  /** The page's own query (its test, vital sign, filters), as its address has it. */
  at: z.string().max(4_096).default(""),
  /** The subject of a page of one subject (a response page). */
  subject: z.string().min(1).max(128).optional(),
});

export const BAD_QUEUE_REQUEST = "The request for your queue could not be read. Reload the page and try again.";

export const queueRoute = (sources: ExportSources) =>
  withSessionUser((user, request: Request) => nextInQueue(user, request, sources));

async function nextInQueue(user: SessionUser, request: Request, sources: ExportSources): Promise<Response> {
  const parsed = queueQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return problem(400, BAD_QUEUE_REQUEST);
  const q = parsed.data;
  const opened = await openForReview(user, q, sources);
  if ("refusal" in opened) return opened.refusal;
  try {
    const places = await queuePlaces(opened.access);
    const next = nextPlace(places, placeAt(q.type, new URLSearchParams(q.at), q.subject));
    const answer = next && { href: placeHref(studyPath(q), next), words: placeWords(next) };
    return Response.json({ next: answer }, { headers: NO_STORE });
  } catch (err) {
    const refusal = sources.explain(err, opened.access);
    return problem(refusal.status, refusal.message);
  }
}
