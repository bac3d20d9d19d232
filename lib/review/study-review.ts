/**
 * A user's review of a study's records (docs/review.md, Reviewed marks): each record type's rows with their review
 * statuses (./record-type-review.ts), marking (./study-marks.ts), the organisation's comments (./study-comments.ts)
 * and the review of the data-check findings (./study-findings.ts). The user's marks are read once per version of
 * their list and kept in memory (bounded, ./marks-cache.ts); every request asks the store the list's version, so a
 * mark made on another instance is seen at the next request.
 */
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import { changeNotKept, changeWords } from "./change-words";
import { type RecordIndex, recordIndexInSlices } from "./content";
import { changeSinceMark, latestOf } from "./mark-history";
import { cachedMarks } from "./marks-cache";
import { type Mark, reviewersOf } from "./marks-store";
import { type RecordTypeReview, recordTypeReview } from "./record-type-review";
import { type ReviewSource, reviewList } from "./review-source";
import { refusedComments, type StudyComments, studyComments } from "./study-comments";
import { refusedFindings, type StudyFindings, studyFindings } from "./study-findings";
import { refusedMarks, type StudyMarks, studyMarks } from "./study-marks";

export interface StudyReview extends StudyMarks, StudyComments, StudyFindings {
  of(recordType: ChangedRecordType): Promise<RecordTypeReview>;
  /** The index of the record type's rows that of() reads them by, without the marks: what can be marked. */
  index(recordType: ChangedRecordType): Promise<RecordIndex>;
  /** A changed record in words: when it was reviewed, and what changed since (./change-words.ts). */
  changeWords(recordType: ChangedRecordType, key: string): Promise<string | null>;
  /** The same user's review of other rows of the study (a past snapshot's), read-only. */
  over(rows: ReviewSource["rows"]): StudyReview;
  /** Every reviewer's review of the record type (the user's own among them) through the same organisation. */
  reviewers(recordType: ChangedRecordType): Promise<ReviewerReview[]>;
  /** The user's latest mark of any of the record types, with its record type; null: none. */
  lastMark(recordTypes: readonly ChangedRecordType[]): Promise<{ recordType: ChangedRecordType; mark: Mark } | null>;
}

export interface ReviewerReview {
  userId: number;
  name: string;
  /** The user whose review this is. */
  you: boolean;
  review: RecordTypeReview;
}

export function studyReview(source: ReviewSource): StudyReview {
  const marksOf = (recordType: ChangedRecordType) => cachedMarks(source.store, reviewList(source, recordType));
  const indexOf = async (recordType: ChangedRecordType) =>
    recordIndexInSlices(recordType, (await source.rows(recordType)).rows);
  return {
    of: async (recordType) => {
      const index = await indexOf(recordType);
      // The marks last, with nothing to wait for after them: a list's copy is brought forward in place
      // (./marks-cache.ts), so marks read before the index's slices could be at a later version than they say.
      return recordTypeReview(recordType, index, await marksOf(recordType));
    },
    index: indexOf,
    changeWords: async (recordType, key) => {
      const mark = (await marksOf(recordType)).marks.get(key);
      if (!mark) return null;
      const change = await changeSinceMark(source, recordType, key, mark);
      return change ? changeWords(mark.at, change) : changeNotKept(mark.at);
    },
    over: (rows) => studyReview({ ...source, rows, readOnly: true }),
    reviewers: (recordType) => reviewersOfType(source, recordType),
    lastMark: async (recordTypes) => {
      let last: { recordType: ChangedRecordType; mark: Mark } | null = null;
      for (const recordType of recordTypes) {
        const mark = latestOf(await marksOf(recordType));
        if (mark && (!last || mark.at > last.mark.at)) last = { recordType, mark };
      }
      return last;
    },
    ...studyMarks(source),
    ...studyComments(source),
    ...studyFindings(source),
  };
}

/** Every reviewer of the record type through the source's organisation, each over the same index of its rows. */
async function reviewersOfType(source: ReviewSource, recordType: ChangedRecordType): Promise<ReviewerReview[]> {
  const [{ rows }, reviewers] = await Promise.all([
    source.rows(recordType),
    reviewersOf(source.store, source.organisation, source.study),
  ]);
  const index = await recordIndexInSlices(recordType, rows);
  const of = reviewers.filter((r) => r.recordTypes.includes(recordType));
  return Promise.all(
    of.map(async ({ userId, name }) => {
      const marks = await cachedMarks(source.store, { ...reviewList(source, recordType), userId });
      return { userId, name, you: userId === source.userId, review: recordTypeReview(recordType, index, marks) };
    }),
  );
}

/** The review of a study whose data cannot be asked for: every part fails with `err`. */
export const refusedReview = (err: Error): StudyReview => ({
  of: () => Promise.reject(err),
  index: () => Promise.reject(err),
  changeWords: () => Promise.reject(err),
  over: () => refusedReview(err),
  reviewers: () => Promise.reject(err),
  lastMark: () => Promise.reject(err),
  ...refusedMarks(err),
  ...refusedComments(err),
  ...refusedFindings(err),
});
