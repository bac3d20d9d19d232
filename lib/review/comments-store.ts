/**
 * Comments on records in the portal store (docs/review.md, Comments): one thread per partner organisation, study and
 * record (a subject's thread is its Patient record's), open or resolved, its comments in the order written. A thread
 * is read and written only through its organisation and study: every function here takes them, so no request can
 * reach another organisation's comments by a thread's or comment's number. Bounded: MAX_BODY characters a comment,
 * MAX_PER_THREAD comments a thread, MAX_THREADS threads a study of an organisation.
 */
import type { Store } from "@/lib/store/store";

export const MAX_BODY = 4000;
export const MAX_PER_THREAD = 500;
export const MAX_THREADS = 20_000;

/** The record a thread is about, in one study of one organisation. */
export interface ThreadPlace {
  /** lib/review/organisation.ts */
  organisation: string;
  study: string;
  recordType: string;
  key: string;
}

export interface ThreadSummary {
  /** Its number in the store (only ever looked up with its organisation and study). */
  id: number;
  recordType: string;
  key: string;
  subjectId: string | null;
  comments: number;
  updatedAt: string;
  /** When it was resolved and by whom; null: open. */
  resolved: { at: string; by: string } | null;
}

export interface Comment {
  id: number;
  author: string;
  body: string;
  at: string;
  /** Written by the user who reads the thread: theirs to withdraw. */
  mine: boolean;
}

export interface Thread extends ThreadSummary {
  list: Comment[];
}

export type CommentOutcome =
  | { status: "done"; commentId: number; threadId: number }
  | { status: "thread-full" }
  | { status: "study-full" };

/** The record's thread row, read through the store or inside a write (`db`). */
export const threadRow = (db: Store["db"], place: ThreadPlace) =>
  db
    .selectFrom("review_threads")
    .where("organisation", "=", place.organisation)
    .where("study", "=", place.study)
    .where("record_type", "=", place.recordType)
    .where("record_key", "=", place.key);

type Row = {
  id: number;
  record_type: string;
  record_key: string;
  subject_id: string | null;
  comments: number;
  updated_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
};

const summary = (r: Row): ThreadSummary => ({
  id: r.id,
  recordType: r.record_type,
  key: r.record_key,
  subjectId: r.subject_id,
  comments: r.comments,
  updatedAt: r.updated_at,
  resolved: r.resolved_at === null ? null : { at: r.resolved_at, by: r.resolved_by ?? "" },
});

const SUMMARY_COLUMNS = [
  "id",
  "record_type",
  "record_key",
  "subject_id",
  "comments",
  "updated_at",
  "resolved_at",
  "resolved_by",
] as const;

/**
 * The record's thread with its comments, oldest first, those of user `reader` told as theirs; null: no one has
 * commented on it.
 */
export async function readThread(
  store: Store,
  place: ThreadPlace,
  reader: number | null = null,
): Promise<Thread | null> {
  const head = await threadRow(store.db, place)
    .select([...SUMMARY_COLUMNS])
    .executeTakeFirst();
  if (!head) return null;
  const comments = await store.db
    .selectFrom("review_comments")
    .select(["id", "user_id", "author", "body", "created_at"])
    .where("thread_id", "=", head.id)
    .orderBy("id")
    .execute();
  return {
    ...summary(head),
    list: comments.map((c) => ({
      id: c.id,
      author: c.author,
      body: c.body,
      at: c.created_at,
      mine: reader !== null && c.user_id === reader,
    })),
  };
}

/** Every thread of the study in the organisation, most recently updated first. */
export async function studyThreads(store: Store, organisation: string, study: string): Promise<ThreadSummary[]> {
  const rows = await store.db
    .selectFrom("review_threads")
    .select([...SUMMARY_COLUMNS])
    .where("organisation", "=", organisation)
    .where("study", "=", study)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(summary);
}

/**
 * Adds a comment by the user (their name as it is now) to the record's thread, made if it is the first; a comment
 * on a resolved thread opens it again. All or nothing.
 */
export async function addComment(
  store: Store,
  place: ThreadPlace & { subjectId: string | null },
  author: { userId: number; name: string },
  body: string,
  at: Date,
): Promise<CommentOutcome> {
  const when = at.toISOString();
  return store.write(async ({ db: tx }) => {
    const find = () => threadRow(tx, place).select(["id", "comments"]).executeTakeFirst();
    let head = await find();
    if (!head) {
      const { n } = await tx
        .selectFrom("review_threads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("organisation", "=", place.organisation)
        .where("study", "=", place.study)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_THREADS) return { status: "study-full" };
      // Two first comments at once (two instances): one thread, both comments in it.
      await tx
        .insertInto("review_threads")
        .values({
          organisation: place.organisation,
          study: place.study,
          record_type: place.recordType,
          record_key: place.key,
          subject_id: place.subjectId,
          updated_at: when,
        })
        .onConflict((oc) => oc.columns(["organisation", "study", "record_type", "record_key"]).doNothing())
        .execute();
      head = await find();
      if (!head) throw new Error("The comment thread was neither found nor made.");
    }
    if (head.comments >= MAX_PER_THREAD) return { status: "thread-full" };
    const comment = await tx
      .insertInto("review_comments")
      .values({ thread_id: head.id, user_id: author.userId, author: author.name, body, created_at: when })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("review_threads")
      .set((eb) => ({
        comments: eb("comments", "+", 1),
        updated_at: when,
        resolved_at: null,
        resolved_by: null,
      }))
      .where("id", "=", head.id)
      .execute();
    return { status: "done", commentId: comment.id, threadId: head.id };
  });
}

/**
 * Resolves the record's thread (`by`: the user's name now) or, with `resolved` false, opens it again; false: the
 * record has no thread.
 */
export async function resolveThread(
  store: Store,
  place: ThreadPlace,
  change: { resolved: boolean; by: string; at: Date },
): Promise<boolean> {
  const at = change.at.toISOString();
  const result = await store.db
    .updateTable("review_threads")
    .set(
      change.resolved
        ? { resolved_at: at, resolved_by: change.by, updated_at: at }
        : { resolved_at: null, resolved_by: null, updated_at: at },
    )
    .where("organisation", "=", place.organisation)
    .where("study", "=", place.study)
    .where("record_type", "=", place.recordType)
    .where("record_key", "=", place.key)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The last comment of each thread of the study in the organisation, by thread number. */
export async function lastComments(
  store: Store,
  organisation: string,
  study: string,
): Promise<Map<number, Omit<Comment, "id" | "mine">>> {
  const rows = await store.db
    .selectFrom("review_comments as c")
    .innerJoin("review_threads as t", "t.id", "c.thread_id")
    .select(["c.thread_id", "c.author", "c.body", "c.created_at"])
    .where("t.organisation", "=", organisation)
    .where("t.study", "=", study)
    .where("c.id", "=", (eb) =>
      eb
        .selectFrom("review_comments as l")
        .select((e) => e.fn.max("l.id").as("last"))
        .whereRef("l.thread_id", "=", "c.thread_id"),
    )
    .execute();
  return new Map(rows.map((r) => [r.thread_id, { author: r.author, body: r.body, at: r.created_at }]));
}
