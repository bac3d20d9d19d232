/**
 * What the browser reads of the review column (lib/review/review-column.ts) too, so no server module here: the
 * column's ID, and the argument of a row's button, which the browser sends back when it is pressed.
 */

/** The review column's ID, in its table's URL state. */
export const REVIEW_COLUMN = "review";

/** The parameter of a listing's URL state that filters its review column: `<prefix>f_review`. */
export const reviewFilterParam = (prefix: string) => `${prefix}f_${REVIEW_COLUMN}`;

/** Whether a page's query parameter filters a listing's review column (whatever the listing's prefix). */
export const isReviewFilterParam = (name: string) => name.endsWith(reviewFilterParam(""));
/** The comments column's ID (beside the review column), in its table's URL state. */
export const COMMENTS_COLUMN = "comments";

/** What a row's button asks: mark the record (again, for a changed one), take its mark away, or open its comments. */
export type ReviewAct = "mark" | "unmark" | "comment";

/** The button's argument: the act and the record's key (keys may hold ":", the act never does). */
export const reviewArgument = (act: ReviewAct, key: string) => `${act}:${key}`;

export function parseReviewArgument(argument: string): { act: ReviewAct; key: string } | null {
  const at = argument.indexOf(":");
  const act = argument.slice(0, at);
  const key = argument.slice(at + 1);
  if (at < 0 || (act !== "mark" && act !== "unmark" && act !== "comment") || key === "") return null;
  return { act, key };
}

/**
 * A table whose rows are records of several types (the Changes listing) names each row's record by reference: its
 * record type and its key, joined by ":" (record types never hold one; keys may).
 */
export const SEVERAL_TYPES = "several";

export const recordReference = (recordType: string, key: string) => `${recordType}:${key}`;

export function parseRecordReference(reference: string): { recordType: string; key: string } | null {
  const at = reference.indexOf(":");
  if (at <= 0 || at === reference.length - 1) return null;
  return { recordType: reference.slice(0, at), key: reference.slice(at + 1) };
}
