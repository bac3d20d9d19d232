/**
 * One record type's rows as a user reviewed them (docs/review.md, Reviewed marks): each record is not reviewed,
 * reviewed (marked, and its content the same as when marked) or changed since reviewed (marked, its content changed
 * since); a record the partner gave no key, or gave its key to another record too, has no status.
 */
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import type { RecordIndex } from "./content";
import type { Mark, MarkChange, Marks } from "./marks-store";

export type ReviewStatus = "not-reviewed" | "changed" | "reviewed";

/** What the review column says, and what its filter offers. */
export const STATUS_WORDS: Record<ReviewStatus, string> = {
  "not-reviewed": "Not reviewed",
  changed: "Changed since reviewed",
  reviewed: "Reviewed",
};

/** One record type's rows as the user reviewed them. */
export interface RecordTypeReview {
  recordType: ChangedRecordType;
  /** The version of the user's marks it was read at: a table's kept orders of its rows depend on it. */
  version: number;
  /** The record's status; null: it cannot be marked (no key of its own, or not among the rows). */
  status(key: string | null): ReviewStatus | null;
  /** The record's mark, if any (changed or not). */
  markOf(key: string): Mark | undefined;
  index: RecordIndex;
  /** The user's list of marks as held in memory (one object per list): what counts over it are memoised by. */
  list: object;
  /** The records whose marks changed since an earlier version, each with its mark then (Marks.changedSince). */
  changedSince(version: number): readonly MarkChange[] | null;
  /** How many records the user's list holds a mark of, and their keys. */
  marked: { count: number; keys(): Iterable<string> };
}

/** The statuses of one rows array under one version of the user's marks. */
export function recordTypeReview(recordType: ChangedRecordType, index: RecordIndex, marks: Marks): RecordTypeReview {
  return {
    recordType,
    version: marks.version,
    index,
    list: marks.marks,
    changedSince: (version) => (version === marks.version ? [] : (marks.changedSince?.(version) ?? null)),
    marked: { count: marks.marks.size, keys: () => marks.marks.keys() },
    markOf: (key) => marks.marks.get(key),
    status: (key) => {
      if (key === null) return null;
      const at = index.at(key);
      if (at === undefined) return null;
      const mark = marks.marks.get(key);
      if (!mark) return "not-reviewed";
      return mark.hash === index.hashAt(at) ? "reviewed" : "changed";
    },
  };
}
