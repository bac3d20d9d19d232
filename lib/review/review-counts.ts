/**
 * Review counts (docs/review.md, Review progress): how many of a record type's records are not reviewed, changed
 * since reviewed and reviewed by one user, in all and per group of rows (a subject, a visit, a test). A record that
 * cannot be marked (no key of its own, or one it shares) is counted apart: it is in no status.
 */
import { complete, ROWS_PER_PAUSE, type Sliced } from "@/lib/clinical/common/sliced";
import { type ChangedRecordType, recordKeyOf } from "@/lib/snapshots/changes";
import { recordIndex } from "./content";
import type { Mark, MarkChange } from "./marks-store";
import type { RecordTypeReview, ReviewStatus } from "./record-type-review";

export type StatusCounts = Record<ReviewStatus, number>;

export interface ReviewCounts {
  all: StatusCounts;
  /** Rows that cannot be marked. */
  unmarkable: number;
  /** Per group of rows, in the rows' order of first appearance; rows whose group is null are in none. */
  groups: Map<string, StatusCounts>;
}

export const noCounts = (): StatusCounts => ({ "not-reviewed": 0, changed: 0, reviewed: 0 });

/** What a pass of the counts reads of a review: each record's status. */
export type CountedReview = Pick<RecordTypeReview, "recordType" | "status">;

/** Every status counted over the rows the review was read for; `groupOf` names each row's group. */
export const reviewCounts = (
  review: CountedReview,
  rows: readonly object[],
  groupOf?: (row: Record<string, unknown>) => string | null,
): ReviewCounts => complete(reviewCountsSliced(review, rows, groupOf));

/**
 * reviewCounts() in slices (lib/clinical/common/sliced.ts): a pass over a million results takes about half a second.
 * Only for statuses that cannot change between two slices: a list's marks are brought forward in place
 * (./marks-cache.ts).
 */
export function* reviewCountsSliced(
  review: CountedReview,
  rows: readonly object[],
  groupOf?: (row: Record<string, unknown>) => string | null,
): Sliced<ReviewCounts> {
  const all = noCounts();
  const groups = new Map<string, StatusCounts>();
  let unmarkable = 0;
  const recordType: ChangedRecordType = review.recordType;
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const row = rows[i] as Record<string, unknown>;
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

/**
 * The counts over the same rows at a later version of the same user's marks: `before` (counted at an earlier
 * version) moved forward by the records whose marks changed since (`changes`, each with its mark then), so that a
 * mark costs the counts of a million results the few records it changed, not a pass over every row. `before` is
 * left as it was.
 */
export function countsForward(
  before: ReviewCounts,
  review: RecordTypeReview,
  rows: readonly object[],
  changes: readonly MarkChange[],
  groupOf?: (row: Record<string, unknown>) => string | null,
): ReviewCounts {
  const all = { ...before.all };
  const groups = new Map([...before.groups].map(([g, c]) => [g, { ...c }]));
  const seen = new Set<string>();
  // The rows counted may be fewer than the review's (a study filter's subjects): each record is found among them.
  const counted = recordIndex(review.recordType, rows);
  for (const { key, before: mark } of changes) {
    // A record changed twice: its first change holds its mark at the earlier version.
    if (seen.has(key)) continue;
    seen.add(key);
    const at = counted.at(key);
    if (at === undefined) continue;
    const then = statusWith(mark, counted.hashAt(at));
    const now = review.status(key);
    if (now === null || now === then) continue;
    all[then]--;
    all[now]++;
    const group = groupOf?.(rows[at] as Record<string, unknown>) ?? null;
    const counts = group === null ? undefined : groups.get(group);
    if (counts) {
      counts[then]--;
      counts[now]++;
    }
  }
  return { all, unmarkable: before.unmarkable, groups };
}

/** A markable record's status under `mark` (./study-review.ts, recordTypeReview). */
const statusWith = (mark: Mark | undefined, hash: string): ReviewStatus =>
  !mark ? "not-reviewed" : mark.hash === hash ? "reviewed" : "changed";

/** The counts of several record types added up. */
export function addCounts(into: StatusCounts, more: StatusCounts): StatusCounts {
  into["not-reviewed"] += more["not-reviewed"];
  into.changed += more.changed;
  into.reviewed += more.reviewed;
  return into;
}

/** What is left to review: the records not reviewed and those changed since reviewed. */
export const openCount = (c: StatusCounts) => c["not-reviewed"] + c.changed;
