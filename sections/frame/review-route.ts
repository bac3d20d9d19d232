/**
 * POST /review (docs/review.md, Marking): marks records reviewed or takes their marks away, for the signed-in user,
 * from the portal's own pages only (the request's origin is checked first). The records are named one by one (at
 * most MAX_KEYS: a row's button, the keyboard) or as every row a table's filters show, the table made by the same
 * definition its page and its export use, so that what is marked is what the page listed. The user's own study is
 * opened as for every review request (./review-access.ts): another user's connection is one that does not exist, and
 * the rows are those the partner serves these credentials now. Each request is one audit entry per record type it
 * marks, and counted against the user's marks a minute.
 */
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { withSessionUser } from "@/lib/auth/with-session-user";
import { env } from "@/lib/config/env";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";
import { problem } from "@/lib/export/answers";
import { tableStartSchema } from "@/lib/export/export-request";
import type { ExportSources } from "@/lib/export/export-sources";
import { jsonBody } from "@/lib/http/json-body";
import { sameOriginOnly } from "@/lib/http/same-origin";
import type { MarkOutcome } from "@/lib/review/mark-outcome";
import { parseRecordReference, SEVERAL_TYPES } from "@/lib/review/review-argument";
import type { RecordsOfType } from "@/lib/review/study-marks";
import { CHANGED_RECORD_TYPES, type ChangedRecordType } from "@/lib/snapshots/changes";
import type { UserStudy } from "@/lib/study/open-user-study";
import { recordReviewMark } from "@/lib/study/study-audit";
import { RECORD_WORDS } from "./record-type-labels";
import { openForReview, overReviewLimit } from "./review-access";

/** Records a request may name one by one. */
export const MAX_KEYS = 100;
/** Requests a user may make a minute (a keyboard review marks one record a request). */
export const MARKS_PER_MINUTE = 120;
const MAX_BODY = 32_768;

const target = { connectionId: tableStartSchema.shape.connectionId, study: tableStartSchema.shape.study };
export const reviewRequestSchema = z.union([
  z.strictObject({
    ...target,
    act: z.enum(["mark", "unmark"]),
    recordType: z.enum(CHANGED_RECORD_TYPES as [ChangedRecordType, ...ChangedRecordType[]]),
    keys: z.array(z.string().min(1).max(200)).min(1).max(MAX_KEYS),
  }),
  z.strictObject({
    ...target,
    act: z.enum(["mark", "unmark"]),
    shown: z.strictObject({
      view: tableStartSchema.shape.view,
      table: tableStartSchema.shape.table,
      query: tableStartSchema.shape.query,
      subject: tableStartSchema.shape.subject,
    }),
  }),
]);
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** Marks of every kind (records reviewed, findings seen) count against one limit a user. */
export const MARK_LIMIT_WORDS = { counted: "review marks", done: "You marked records", again: "mark again" };

export const marksLimit = () =>
  sharedWindowLimit({ name: "review-marks", what: "review marks", perWindow: MARKS_PER_MINUTE, windowMs: 60_000 });

export const BAD_REVIEW_REQUEST =
  "The request to mark records could not be read. Reload the page and try again; if it happens again, tell your " +
  "administrator.";

export const reviewRoute = (sources: ExportSources) =>
  sameOriginOnly(
    env,
    withSessionUser((user, request: Request) => review(user, request, sources)),
  );

async function review(user: SessionUser, request: Request, sources: ExportSources): Promise<Response> {
  const parsed = reviewRequestSchema.safeParse(await jsonBody(request, MAX_BODY));
  if (!parsed.success) return problem(400, BAD_REVIEW_REQUEST);
  const r = parsed.data;
  const opened = await openForReview(user, r, sources);
  if ("refusal" in opened) return opened.refusal;
  const { access, address } = opened;
  const limited = await overReviewLimit(marksLimit(), user.id, MARK_LIMIT_WORDS);
  if (limited) return limited;
  try {
    const chosen = "keys" in r ? [{ recordType: r.recordType, keys: r.keys }] : await shownRecords(access, r, sources);
    if ("refusal" in chosen) return problem(chosen.refusal.status, chosen.refusal.message);
    const outcome = r.act === "mark" ? await access.review.markAll(chosen) : await unmarkAll(access, chosen);
    if (outcome.status !== "done") return refused(outcome, chosen);
    // One entry per record type marked: an entry's kind is one record type.
    for (const group of chosen)
      await recordReviewMark(
        { address, via: "review", userId: user.id, connectionId: r.connectionId, study: r.study },
        { kind: group.recordType, mark: r.act === "mark" ? "reviewed" : "unmarked", records: group.keys.length },
        "keys" in r ? "record" : "filter",
      );
    return Response.json({ count: outcome.count }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const refusal = sources.explain(err, access);
    return problem(refusal.status, refusal.message);
  }
}

async function unmarkAll(access: UserStudy, groups: readonly RecordsOfType[]): Promise<MarkOutcome> {
  let count = 0;
  for (const { recordType, keys } of groups) {
    const outcome = await access.review.unmark(recordType, keys);
    if (outcome.status !== "done") return outcome;
    count += outcome.count;
  }
  return { status: "done", count };
}

type Chosen = RecordsOfType[] | { refusal: { status: number; message: string } };

const NO_SUCH_TABLE = "This page has no such table of records. Reload the page and try again.";

/**
 * Every row the table's filters show, as its page lists them: their keys, by record type (a table of several types
 * names each row's by reference: lib/review/review-argument.ts).
 */
async function shownRecords(
  access: UserStudy,
  r: Extract<ReviewRequest, { shown: unknown }>,
  sources: ExportSources,
): Promise<Chosen> {
  const { view, table, query, subject } = r.shown;
  const made = await sources.prepare(access, { view, table, params: new URLSearchParams(query), subject });
  const records = made?.records;
  if (!records) return { refusal: { status: 404, message: NO_SUCH_TABLE } };
  if (records.markable === false)
    return {
      refusal: {
        status: 409,
        message: "These rows show data older than the latest: compare with the latest snapshot to mark its records.",
      },
    };
  const keys = records.keys().filter((k): k is string => k !== null);
  if (records.recordType === SEVERAL_TYPES) return byRecordType(keys);
  if (!isChangedType(records.recordType)) return { refusal: { status: 404, message: NO_SUCH_TABLE } };
  return [{ recordType: records.recordType, keys }];
}

const isChangedType = (t: string): t is ChangedRecordType => (CHANGED_RECORD_TYPES as readonly string[]).includes(t);

function byRecordType(references: readonly string[]): RecordsOfType[] {
  const groups = new Map<ChangedRecordType, string[]>();
  for (const reference of references) {
    const named = parseRecordReference(reference);
    if (!named || !isChangedType(named.recordType)) continue;
    const keys = groups.get(named.recordType) ?? [];
    if (keys.length === 0) groups.set(named.recordType, keys);
    keys.push(named.key);
  }
  return [...groups].map(([recordType, keys]) => ({ recordType, keys }));
}

function refused(outcome: Exclude<MarkOutcome, { status: "done" }>, groups: readonly RecordsOfType[]): Response {
  if (outcome.status === "read-only")
    return problem(409, "A past snapshot is read-only: open the latest data to mark records reviewed.");
  // The keys came with the request: counted, never repeated.
  const which =
    outcome.unknown === 1 && groups.length === 1
      ? `one ${RECORD_WORDS[groups[0].recordType]} named is`
      : `${outcome.unknown} ${outcome.unknown === 1 ? "record named is" : "records named are"}`;
  return problem(
    409,
    `Nothing was marked: ${which} not among the data the partner serves now (removed, or the data were ` +
      "refreshed meanwhile). Reload the page and mark again.",
  );
}
