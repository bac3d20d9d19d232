/**
 * /review/comments (docs/review.md, Comments): a record's thread of comments, read (GET) and written (POST: a
 * comment, resolve, reopen) by the signed-in user, within the partner organisation their connection reads the
 * study through. The study is opened as for a page and its rows asked for before anything is read or written: a user
 * whose connection is not theirs, or whom the partner no longer serves the study, reads no comment (a revoked grant
 * hides the comments with the data). A thread is found by its organisation, study, record type and key only: no
 * number sent reaches another organisation's. Writes come from the portal's own pages only, are counted against
 * the user's comments a minute, and are each one audit entry.
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
import { MAX_BODY, MAX_PER_THREAD } from "@/lib/review/comments-store";
import type { CommentReply } from "@/lib/review/study-comments";
import { CHANGED_RECORD_TYPES, type ChangedRecordType } from "@/lib/snapshots/changes";
import type { UserStudy } from "@/lib/study/open-user-study";
import { recordReviewComment } from "@/lib/study/study-audit";
import { RECORD_WORDS } from "./record-type-labels";
import { openForReview, overReviewLimit } from "./review-access";

/** Comments, resolutions and reopenings a user may write a minute. */
export const COMMENTS_PER_MINUTE = 30;
const MAX_REQUEST = 20_000;

const recordSchema = {
  connectionId: tableStartSchema.shape.connectionId,
  study: tableStartSchema.shape.study,
  recordType: z.enum(CHANGED_RECORD_TYPES as [ChangedRecordType, ...ChangedRecordType[]]),
  key: z.string().min(1).max(200),
};

export const threadQuerySchema = z.strictObject(recordSchema);

export const commentRequestSchema = z.union([
  z.strictObject({ ...recordSchema, act: z.literal("comment"), body: z.string().trim().min(1).max(MAX_BODY) }),
  z.strictObject({ ...recordSchema, act: z.enum(["resolve", "reopen"]) }),
  z.strictObject({
    ...recordSchema,
    act: z.literal("withdraw"),
    comment: z
      .number()
      .int()
      .positive()
      .max(2 ** 31),
  }),
]);
export type CommentRequest = z.infer<typeof commentRequestSchema>;

export const BAD_COMMENT_REQUEST =
  `The comment could not be read: write between 1 and ${MAX_BODY.toLocaleString("en")} characters, then send it ` +
  "again. If it happens again, reload the page.";
export const BAD_THREAD_QUERY = "The address of the comments could not be read. Reload the page and try again.";

const COMMENT_LIMIT_WORDS = { counted: "comments", done: "You wrote comments", again: "try again" };

const commentsLimit = () =>
  sharedWindowLimit({ name: "review-comments", what: "comments", perWindow: COMMENTS_PER_MINUTE, windowMs: 60_000 });

const NO_STORE = { "cache-control": "no-store" };

export const threadRoute = (sources: ExportSources) =>
  withSessionUser(async (user, request: Request) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = threadQuerySchema.safeParse(params);
    if (!parsed.success) return problem(400, BAD_THREAD_QUERY);
    const opened = await openForReview(user, parsed.data, sources);
    if ("refusal" in opened) return opened.refusal;
    try {
      const thread = await opened.access.review.thread(parsed.data.recordType, parsed.data.key);
      return Response.json({ thread }, { headers: NO_STORE });
    } catch (err) {
      const refusal = sources.explain(err, opened.access);
      return problem(refusal.status, refusal.message);
    }
  });

export const commentRoute = (sources: ExportSources) =>
  sameOriginOnly(
    env,
    withSessionUser((user, request: Request) => comment(user, request, sources)),
  );

async function comment(user: SessionUser, request: Request, sources: ExportSources): Promise<Response> {
  const parsed = commentRequestSchema.safeParse(await jsonBody(request, MAX_REQUEST));
  if (!parsed.success) return problem(400, BAD_COMMENT_REQUEST);
  const r = parsed.data;
  const opened = await openForReview(user, r, sources);
  if ("refusal" in opened) return opened.refusal;
  const { access, address } = opened;
  const limited = await overReviewLimit(commentsLimit(), user.id, COMMENT_LIMIT_WORDS);
  if (limited) return limited;
  const audit = { address, via: "review" as const, userId: user.id, connectionId: r.connectionId, study: r.study };
  try {
    if (r.act === "withdraw") return await withdraw(access, r, audit);
    if (r.act === "comment") {
      const reply = await access.review.comment(r.recordType, r.key, user.name, r.body);
      if (reply.status !== "done") return refused(reply, r.recordType);
      await recordReviewComment(audit, {
        kind: r.recordType,
        act: "comment",
        thread: reply.threadId,
        comment: reply.commentId,
      });
    } else {
      const done = await access.review.resolve(r.recordType, r.key, r.act === "resolve", user.name);
      if (!done) return problem(404, "No one has commented on this record: there is nothing to resolve.");
    }
    const thread = await access.review.thread(r.recordType, r.key);
    if (r.act !== "comment" && thread)
      await recordReviewComment(audit, { kind: r.recordType, act: r.act, thread: thread.id });
    return Response.json({ thread }, { headers: NO_STORE });
  } catch (err) {
    const refusal = sources.explain(err, access);
    return problem(refusal.status, refusal.message);
  }
}

type AuditContext = Parameters<typeof recordReviewComment>[0];

/** The user's own comment withdrawn, recorded with its thread's number; the thread left (null: none). */
async function withdraw(
  access: UserStudy,
  r: Extract<CommentRequest, { act: "withdraw" }>,
  audit: AuditContext,
): Promise<Response> {
  const before = await access.review.thread(r.recordType, r.key);
  const done = before !== null && (await access.review.withdraw(r.recordType, r.key, r.comment));
  if (!done) return problem(404, "You have no such comment on this record: it may be withdrawn already. Reload.");
  await recordReviewComment(audit, { kind: r.recordType, act: "withdraw", thread: before.id, comment: r.comment });
  const thread = await access.review.thread(r.recordType, r.key);
  return Response.json({ thread }, { headers: NO_STORE });
}

function refused(reply: Exclude<CommentReply, { status: "done" }>, recordType: ChangedRecordType): Response {
  switch (reply.status) {
    case "read-only":
      return problem(409, "A past snapshot is read-only: open the latest data to comment.");
    case "unknown-records":
      return problem(
        409,
        `Nothing was written: the ${RECORD_WORDS[recordType]} is not among the data the partner serves now ` +
          "(removed, or the data were refreshed meanwhile). Reload the page.",
      );
    case "thread-full":
      return problem(
        409,
        `This record's thread holds ${MAX_PER_THREAD} comments, the most it can: resolve it and carry the ` +
          "discussion on elsewhere.",
      );
    case "study-full":
      return problem(409, "This study holds as many comment threads as it can. Tell your administrator.");
  }
}
