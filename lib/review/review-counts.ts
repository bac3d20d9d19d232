/**
 * Review counts (docs/review.md, Review progress): how many of a record type's records are not reviewed, changed
 * since reviewed and reviewed by one user, in all and per group of rows (a subject, a visit, a test). A record that
 * cannot be marked (no key of its own, or one it shares) is counted apart: it is in no status.
 */
import { type ChangedRecordType, recordKeyOf } from "@/lib/snapshots/changes";
import type { RecordTypeReview, ReviewStatus } from "./study-review";

export type StatusCounts = Record<ReviewStatus, number>;

export interface ReviewCounts {
  all: StatusCounts;
  /** Rows that cannot be marked. */
  unmarkable: number;
  /** Per group of rows, in the rows' order of first appearance; rows whose group is null are in none. */
  groups: Map<string, StatusCounts>;
}

export const noCounts = (): StatusCounts => ({ "not-reviewed": 0, changed: 0, reviewed: 0 });

/** Every status counted over the rows the review was read for; `groupOf` names each row's group. */
export function reviewCounts(
  review: RecordTypeReview,
  rows: readonly object[],
  groupOf?: (row: Record<string, unknown>) => string | null,
): ReviewCounts {
  const all = noCounts();
  const groups = new Map<string, StatusCounts>();
  let unmarkable = 0;
  const recordType: ChangedRecordType = review.recordType;
  for (const row of rows as readonly Record<string, unknown>[]) {
    const status = review.status(recordKeyOf(recordType, row));
    if (status === null) {
      unmarkable++;
      continue;
    }
    all[status]++;
    const group = groupOf?.(row) ?? null;
    if (group === null) continue;
    let counts = groups.get(group);
    if (!counts) {
      counts = noCounts();
      groups.set(group, counts);
    }
    counts[status]++;
  }
  return { all, unmarkable, groups };
}

/** The counts of several record types added up. */
export function addCounts(into: StatusCounts, more: StatusCounts): StatusCounts {
  into["not-reviewed"] += more["not-reviewed"];
  into.changed += more.changed;
  into.reviewed += more.reviewed;
  return into;
}

/** What is left to review: the records not reviewed and those changed since reviewed. */
export const openCount = (c: StatusCounts) => c["not-reviewed"] + c.changed;
