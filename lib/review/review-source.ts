/**
 * What a user's review of a study reads (./study-review.ts, ./study-marks.ts, ./study-comments.ts): its rows,
 * history and store.
 */
import type { ChangedRecordType, RecordChange } from "@/lib/snapshots/changes";
import type { Store } from "@/lib/store/store";
import type { ReviewList } from "./marks-store";

/** Where a study's rows and their snapshot come from, and whose review it is. */
export interface ReviewSource {
  store: Store;
  organisation: string;
  study: string;
  userId: number;
  /** The record type's rows the study serves (unfiltered), and when they were loaded. */
  rows(recordType: ChangedRecordType): Promise<{ rows: readonly object[]; loadedAt: number }>;
  /** The snapshot of the record type these rows were kept as; null: none (the store could not keep them). */
  snapshotOf(recordType: ChangedRecordType, loadedAt: number): Promise<number | null>;
  /** What changed in a record type between two of its snapshots (StudyHistory.changes); absent: nothing is told. */
  changes?: (recordType: ChangedRecordType, older: number, newer: number) => Promise<RecordChange[]>;
  now?: () => Date;
  /** A past snapshot's rows: statuses are told, nothing is marked. */
  readOnly?: boolean;
}

/** The list of the source user's marks of one record type (or of the data-check findings). */
export const reviewList = (source: ReviewSource, recordType: string): ReviewList => ({
  organisation: source.organisation,
  study: source.study,
  userId: source.userId,
  recordType,
});
