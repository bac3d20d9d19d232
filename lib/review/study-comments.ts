/**
 * A user's comments on a study's records within their partner organisation (docs/review.md, Comments): the
 * organisation's threads, read; the user's comments written on records the study serves now, threads resolved and
 * opened again, and the user's own comments withdrawn (./comments-store.ts). A past snapshot's rows are read-only.
 */
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import { withdrawComment } from "./comment-withdrawal";
import {
  addComment,
  type Comment,
  type CommentOutcome,
  lastComments,
  readThread,
  resolveThread,
  studyThreads,
  type Thread,
  type ThreadSummary,
} from "./comments-store";
import { recordIndexInSlices } from "./content";
import type { ReviewSource } from "./review-source";

export interface StudyComments {
  /** The record's thread of comments in the organisation (the user's own comments told); null: none. */
  thread(recordType: ChangedRecordType, key: string): Promise<Thread | null>;
  /** Every thread of comments of the study in the organisation, most recently updated first. */
  threads(): Promise<ThreadSummary[]>;
  /** A comment by the user (their name now) on a record the study serves now. */
  comment(recordType: ChangedRecordType, key: string, name: string, body: string): Promise<CommentReply>;
  /** Resolves the record's thread (by the user, their name now) or opens it again; false: it has none. */
  resolve(recordType: ChangedRecordType, key: string, resolved: boolean, name: string): Promise<boolean>;
  /** Withdraws one of the user's own comments on the record; false: no such comment of theirs there. */
  withdraw(recordType: ChangedRecordType, key: string, commentId: number): Promise<boolean>;
  /** The last comment of each thread of the study in the organisation, by thread number (a review report's). */
  lastComments(): Promise<Map<number, LastComment>>;
}

export type LastComment = Omit<Comment, "id" | "mine">;

export type CommentReply = CommentOutcome | { status: "unknown-records"; unknown: number } | { status: "read-only" };

export function studyComments(source: ReviewSource): StudyComments {
  const placeOf = (recordType: ChangedRecordType, key: string) => ({
    organisation: source.organisation,
    study: source.study,
    recordType,
    key,
  });
  const now = () => source.now?.() ?? new Date();
  return {
    thread: (recordType, key) => readThread(source.store, placeOf(recordType, key), source.userId),
    threads: () => studyThreads(source.store, source.organisation, source.study),
    comment: async (recordType, key, name, body) => {
      if (source.readOnly) return { status: "read-only" };
      const { rows } = await source.rows(recordType);
      const at = (await recordIndexInSlices(recordType, rows)).at(key);
      if (at === undefined) return { status: "unknown-records", unknown: 1 };
      const subject = (rows[at] as { subjectId?: unknown }).subjectId;
      const subjectId = typeof subject === "string" ? subject : null;
      const place = { ...placeOf(recordType, key), subjectId };
      return addComment(source.store, place, { userId: source.userId, name }, body, now());
    },
    resolve: (recordType, key, resolved, name) =>
      resolveThread(source.store, placeOf(recordType, key), { resolved, by: name, at: now() }),
    lastComments: () => lastComments(source.store, source.organisation, source.study),
    withdraw: async (recordType, key, commentId) =>
      !source.readOnly &&
      withdrawComment(source.store, placeOf(recordType, key), { commentId, userId: source.userId, at: now() }),
  };
}

/** The comments of a study whose data cannot be asked for: every call fails with `err`. */
export const refusedComments = (err: Error): StudyComments => ({
  thread: () => Promise.reject(err),
  threads: () => Promise.reject(err),
  comment: () => Promise.reject(err),
  resolve: () => Promise.reject(err),
  withdraw: () => Promise.reject(err),
  lastComments: () => Promise.reject(err),
});
