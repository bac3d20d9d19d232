/**
 * A user's review of a study (docs/review.md) over the study's rows as the cache serves them to the user's
 * credentials, and over its history: the snapshot a record type's rows were kept as (what a mark names), and what
 * changed in a record between two snapshots (what a changed record's words say).
 */
import { type StudyReview, studyReview } from "@/lib/review/study-review";
import type { Store } from "@/lib/store/store";
import type { StudyHistory } from "./study-history";
import type { StudyData } from "./study-rows";

export interface ReviewOf {
  store: Store;
  /** lib/review/organisation.ts */
  organisation: string;
  study: string;
  userId: number;
  /** The time marks are made at (tests: the service's clock); absent: now. */
  now?: () => Date;
}

export function userReview(of: ReviewOf, data: StudyData, history: StudyHistory): StudyReview {
  return studyReview({
    ...of,
    rows: async (recordType) => {
      const hit = await data.rows(recordType);
      return { rows: hit.value.rows, loadedAt: hit.loadedAt };
    },
    changes: (recordType, older, newer) => history.changes(recordType, older, newer),
    snapshotOf: async (recordType, loadedAt) => {
      const holding = await history.holding(new Map([[recordType, loadedAt]]));
      return holding.keeps ? (holding.snapshot?.inEffect.get(recordType)?.id ?? null) : null;
    },
  });
}
