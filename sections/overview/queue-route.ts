/**
 * GET /review/queue (docs/review.md, Your queue): where the signed-in user's queue goes on from the table they are
 * at, for the keyboard's `n` at the end of a table's records to review. The study is the user's own, opened as for
 * every review request (sections/frame/review-access.ts) and narrowed by the page's study filter as the page is; the
 * answer is the next step's address (the filter carried on), words and record type, or null where nothing is left to
 * review. Always the latest data: a past snapshot's records are not marked. Reads only: nothing is written or counted.
 */
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { withSessionUser } from "@/lib/auth/with-session-user";
import { NO_STORE, problem } from "@/lib/export/answers";
import type { ExportSources } from "@/lib/export/export-sources";
import { studyPath, studyRouteSchema } from "@/lib/study/study-route";
import type { StudyData } from "@/lib/study/study-rows";
import { filteredStudy } from "@/sections/frame/filtered-study";
import { openForReview } from "@/sections/frame/review-access";
import { parseStudyFilter, withStudyFilter } from "@/sections/frame/study-filter";
import { MAX_QUEUE_AT, type QueueAnswer } from "@/sections/frame/ui/queue-step";
import { nextPlace, placeAt, placeHref, placeWords, queuePlaces, vitalGroup } from "./queue";

/** What the queue takes from other sections (sections/overview-parts.ts). */
export interface QueueParts {
  /** The vital-sign group a vital-signs page's listing shows, as its address chooses it; null: the study has none. */
  listedVitalGroup: (
    study: StudyData,
    query: URLSearchParams,
  ) => Promise<{ test: string; unit: string | null; kind: "number" | "text" } | null>;
}

const queueQuerySchema = z.strictObject({
  ...studyRouteSchema.shape,
  /** The table's record type. */
  type: z.string().min(1).max(40),
  /** The page's own query (its test, vital sign, filters), as its address has it. */
  at: z.string().max(MAX_QUEUE_AT).default(""),
  /** The subject of a page of one subject (a response page). */
  subject: z.string().min(1).max(128).optional(),
});

export const BAD_QUEUE_REQUEST = "The request for your queue could not be read. Reload the page and try again.";

export const queueRoute = (sources: ExportSources, parts: QueueParts) =>
  withSessionUser((user, request: Request) => nextInQueue(user, request, sources, parts));

async function nextInQueue(
  user: SessionUser,
  request: Request,
  sources: ExportSources,
  parts: QueueParts,
): Promise<Response> {
  const parsed = queueQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return problem(400, BAD_QUEUE_REQUEST);
  const q = parsed.data;
  const opened = await openForReview(user, q, sources);
  if ("refusal" in opened) return opened.refusal;
  try {
    const query = new URLSearchParams(q.at);
    const filter = { ...parseStudyFilter(query), snapshot: undefined, ignored: [] };
    const study = filteredStudy(opened.access, filter);
    const at = placeAt(q.type, query, q.subject);
    // The vital signs' own listing shows one sign, perhaps chosen by default; a visit's or a data note's listing
    // (`at=`, `issue=`) lists records across signs: no place of the queue.
    if (at?.recordType === "vital-signs" && !query.has("at") && !query.has("issue")) {
      const shown = await parts.listedVitalGroup(study, query);
      at.group = shown && vitalGroup(shown.test, shown.unit, shown.kind);
    }
    const next = nextPlace(await queuePlaces(study), at);
    const answer: QueueAnswer = {
      next: next && {
        href: withStudyFilter(placeHref(studyPath(q), next), filter),
        words: placeWords(next),
        type: next.place.recordType,
      },
    };
    return Response.json(answer, { headers: NO_STORE });
  } catch (err) {
    const refusal = sources.explain(err, opened.access);
    return problem(refusal.status, refusal.message);
  }
}
