/**
 * The overview's review counts (docs/review.md, The study overview): a record type's statuses for one user over the
 * cached rows, grouped by subject, test or visit, each computed once per version of the user's marks. A version
 * after a few marks is counted by moving the last counts forward by the records whose marks changed
 * (lib/review/review-counts.ts, countsForward): a reviewer marking results one by one does not cost a pass over a
 * million rows per mark.
 */
import { complete, type Sliced } from "@/lib/clinical/common/sliced";
import { isIndexOf, type RecordIndex } from "@/lib/review/content";
import type { RecordTypeReview } from "@/lib/review/record-type-review";
import {
  type CountedReview,
  countsForward,
  type ReviewCounts,
  reviewCounts,
  reviewCountsSliced,
} from "@/lib/review/review-counts";
import { heldOr, objectNumbers } from "@/lib/runtime/held-values";
import { inSlices } from "@/lib/runtime/in-slices";
import { derivedOf } from "@/lib/study/derived";

/** Each list of marks a number of its own, so that two users' counts over the same rows are kept apart. */
const listId = objectNumbers();

/**
 * The counts of cached rows (`cached`: the rows' cache entry) under one version of one user's marks, grouped `by`
 * (its name) with `groupOf`: computed once per both, as a pass reads every row (a million laboratory results).
 */
export function countsOf(
  cached: object,
  rows: readonly Record<string, unknown>[],
  review: RecordTypeReview,
  by: string,
  groupOf?: (row: Record<string, unknown>) => string | null,
): ReviewCounts {
  const key = [review.recordType, listId(review.list), review.version].join(":");
  // The list of marks never written is one for every record type: the grouping's name says which type.
  by = `${review.recordType}:${by}`;
  return derivedOf(`review-counts:${by}`, key, [cached, review.list], () => {
    const counts = countedForward(review, rows, by, groupOf) ?? reviewCounts(review, rows, groupOf);
    lastCounted(review.list, rows).set(by, { version: review.version, counts });
    return counts;
  });
}

/** Changes of marks beyond which a pass over every row is no slower than moving the counts forward. */
const MAX_FORWARD = 5_000;

/**
 * Per list of marks (a user's of a record type) and rows counted, the counts last made, by grouping. Both keys are
 * held weakly: counts never keep a list or a study's rows in memory.
 */
const lastByList = new WeakMap<object, WeakMap<object, Map<string, { version: number; counts: ReviewCounts }>>>();

const lastCounted = (list: object, rows: object) =>
  heldOr(
    heldOr(lastByList, list, () => new WeakMap()),
    rows,
    () => new Map(),
  );

/**
 * The counts moved forward from the last made over the same rows at an earlier version of the marks, by the
 * records whose marks changed since; null where there are none such, or too many changes.
 */
function countedForward(
  review: RecordTypeReview,
  rows: readonly Record<string, unknown>[],
  by: string,
  groupOf?: (row: Record<string, unknown>) => string | null,
): ReviewCounts | null {
  const last = lastByList.get(review.list)?.get(rows)?.get(by);
  // Counted at this version already, and the memo's value pushed out since (more lists than a family holds: the
  // reviewers' table of a study with many reviewers counts each of them at every request).
  if (last && last.version === review.version) return last.counts;
  if (last && last.version < review.version) {
    const changes = review.changedSince(last.version);
    if (changes && changes.length <= MAX_FORWARD) return countsForward(last.counts, review, rows, changes, groupOf);
  }
  // A list first counted here (a reviewer's first marks, or a copy read anew): from the counts without any mark,
  // every marked record one change, where they are few.
  if (last || review.marked.count > MAX_FORWARD) return null;
  const changes = Array.from(review.marked.keys(), (key) => ({ key, before: undefined }));
  return countsForward(unmarkedCounts(review, rows, by, groupOf), review, rows, changes, groupOf);
}

/** A grouping of the counts: its name, and each row's group (none: the counts of all rows alone). */
export interface Grouping {
  by: string;
  groupOf?: (row: Record<string, unknown>) => string | null;
}

/**
 * The counts without any mark of `rows` by each grouping, made in slices where not yet made (lib/runtime/in-slices.ts):
 * the first counts of a newly loaded copy pass over every row, about 0.1 s a million results and grouping where they
 * are the index's own rows, several times that for rows filtered or joined since. Called before the user's marks
 * are read (StudyReview.of), which countsOf() then counts at once: a list's marks are brought forward in place
 * (lib/review/marks-cache.ts), and would not stay at one version across slices. `index`: StudyReview.index's.
 */
export async function firstCountsReady(
  index: RecordIndex,
  rows: readonly Record<string, unknown>[],
  groupings: readonly Grouping[],
): Promise<void> {
  for (const { by, groupOf } of groupings)
    await inSlices(unmarkedSliced(index, rows, `${index.recordType}:${by}`, groupOf));
}

/** Per rows counted and grouping, the counts of a user without any mark: every markable record not reviewed. */
const unmarkedByRows = new WeakMap<object, Map<string, ReviewCounts>>();

const unmarkedCounts = (
  review: RecordTypeReview,
  rows: readonly Record<string, unknown>[],
  by: string,
  groupOf?: (row: Record<string, unknown>) => string | null,
): ReviewCounts => complete(unmarkedSliced(review.index, rows, by, groupOf));

/** unmarkedCounts() in slices. */
function* unmarkedSliced(
  index: RecordIndex,
  rows: readonly Record<string, unknown>[],
  by: string,
  groupOf?: (row: Record<string, unknown>) => string | null,
): Sliced<ReviewCounts> {
  const held = heldOr(unmarkedByRows, rows, () => new Map());
  const found = held.get(by);
  if (found) return found;
  const counts = yield* reviewCountsSliced(unmarkedReview(index, rows), rows, groupOf);
  // The same counts made meanwhile by another request stay the ones held.
  return heldOr(held, by, () => counts);
}

/**
 * Every record that can be marked not reviewed. Whether a record can be marked is the rows' own (a key, and no other
 * record with it), never the marks'. Over the very rows the index was built from, that is a key not repeated: no
 * lookup in the index (a million results: 0.4 s less a grouping).
 */
function unmarkedReview(index: RecordIndex, rows: readonly object[]): CountedReview {
  const status = isIndexOf(index, rows)
    ? (key: string | null) => (key === null || index.repeated.has(key) ? null : ("not-reviewed" as const))
    : (key: string | null) => (key === null || index.at(key) === undefined ? null : ("not-reviewed" as const));
  return { recordType: index.recordType, status };
}
