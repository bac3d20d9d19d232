/**
 * The review column every table of records has (docs/review.md, Reviewed marks): each row's status in words, a
 * filter among the three statuses, and (for the latest data) a button that marks the record reviewed or takes its
 * mark away. Its cells depend on the user's marks, so its stamp is their version: a table's kept orders are never
 * reused across a mark.
 */
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableRecords } from "@/lib/tables/table-def";
import type { DataRow } from "@/lib/tables/types";
import { type RecordTypeReview, STATUS_WORDS } from "./record-type-review";
import { REVIEW_COLUMN, type ReviewAct, reviewArgument } from "./review-argument";

/** The row properties the column adds beside its cell. */
export const REVIEW_PROPS = {
  /** The row's record key, for a row whose record can be marked. */
  key: `${REVIEW_COLUMN}__key`,
  label: `${REVIEW_COLUMN}__label`,
  argument: `${REVIEW_COLUMN}__argument`,
  name: `${REVIEW_COLUMN}__name`,
  detail: `${REVIEW_COLUMN}__detail`,
} as const;

/** What the column reads of a review: each record's status, and the version of the marks it was read at. */
export type ColumnReview = Pick<RecordTypeReview, "status"> & { version: number | string };

/**
 * The column over `review` (the user's review of the rows' record type, or of several). `canMark`: the rows are the
 * latest data (a past snapshot's are read-only: its statuses are told, nothing is marked there). `recordWords` names
 * a record for screen readers ("adverse event AE-0001").
 */
export function reviewColumn<R>(
  records: TableRecords<R>,
  review: ColumnReview,
  canMark: boolean,
  recordWords: (key: string) => string,
): TableColumn<R> {
  const status = (row: R) => review.status(records.key(row));
  return {
    id: REVIEW_COLUMN,
    header: "Review",
    priority: "key",
    nowrap: true,
    choices: Object.values(STATUS_WORDS),
    value: (row) => {
      const s = status(row);
      return s === null ? null : STATUS_WORDS[s];
    },
    stamp: String(review.version),
    detail: REVIEW_PROPS.detail,
    ...(canMark
      ? { actions: [{ label: REVIEW_PROPS.label, argument: REVIEW_PROPS.argument, name: REVIEW_PROPS.name }] }
      : {}),
    more: (row: R): DataRow => {
      const key = records.key(row);
      const s = status(row);
      if (key === null || s === null) return { [REVIEW_PROPS.key]: null };
      if (!canMark) return { [REVIEW_PROPS.key]: key };
      // A short word beside the status, so that the cell stays one line; its name for screen readers says all.
      const act: ReviewAct = s === "reviewed" ? "unmark" : "mark";
      return {
        [REVIEW_PROPS.key]: key,
        [REVIEW_PROPS.label]: act === "mark" ? "Mark" : "Unmark",
        [REVIEW_PROPS.argument]: reviewArgument(act, key),
        [REVIEW_PROPS.name]: `${act === "mark" ? "Mark reviewed" : "Unmark"}: ${recordWords(key)}`,
      };
    },
  };
}
