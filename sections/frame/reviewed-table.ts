/**
 * Tables of records with their review column (docs/review.md, Reviewed marks, Comments): each row's status, its
 * Mark button and its comments. The page and the export build a table with the same function (reviewedTable), so
 * that a filter on the column narrows the file as it narrows the page. The column comes first, where a reviewer's
 * eye starts a row. A section page names
 * the study its tables are reviewed in once (setPageReview, by the frame); every Listing of that request reads it
 * (pageReview), so that no section passes it by hand.
 */
import { cache } from "react";
import { withComments } from "@/lib/review/comments-column";
import { REVIEW_COLUMN } from "@/lib/review/review-argument";
import { REVIEW_PROPS, reviewColumn } from "@/lib/review/review-column";
import { STATUS_WORDS } from "@/lib/review/study-review";
import { CHANGED_RECORD_TYPES, type ChangedRecordType } from "@/lib/snapshots/changes";
import type { UserStudy } from "@/lib/study/open-user-study";
import { dataColumnOf } from "@/lib/tables/server-table";
import { type PlainTable, plainTableDef, type TableDef } from "@/lib/tables/table-def";
import type { DataRow } from "@/lib/tables/types";
import { RECORD_WORDS } from "./record-type-labels";

export const isReviewedType = (t: string): t is ChangedRecordType =>
  (CHANGED_RECORD_TYPES as readonly string[]).includes(t);

/** The definition with the review column first (its status, and its comments), where it names its records. */
export async function reviewedTable<R>(def: TableDef<R>, study: UserStudy): Promise<TableDef<R>> {
  const records = def.records;
  if (!records || !isReviewedType(records.recordType)) return def;
  const recordType = records.recordType;
  const [review, threads] = await Promise.all([study.review.of(recordType), study.review.threads()]);
  const words = RECORD_WORDS[recordType];
  const named = (key: string) => `${words} ${key}`;
  const ofType = new Map(threads.filter((t) => t.recordType === recordType).map((t) => [t.key, t]));
  const column = withComments(reviewColumn(records, review, study.past === undefined, named), records, ofType, named);
  return {
    ...def,
    columns: [column, ...def.columns],
    ...(def.state && !def.state.columns.includes(REVIEW_COLUMN)
      ? { state: { ...def.state, columns: [REVIEW_COLUMN, ...def.state.columns] } }
      : {}),
  };
}

/**
 * A browser's table of records (PlainTable.records) with its review column first: each row's status, button and
 * detail worked out here, as the server's tables work them out per page; else the table as it is. The page and the
 * export build it alike.
 */
export async function reviewedPlainTable(table: PlainTable, study: UserStudy): Promise<PlainTable> {
  const records = table.records;
  if (!records || !isReviewedType(records.recordType)) return table;
  const def = await reviewedTable(plainTableDef(table), study);
  const column = def.columns[0];
  const rows = table.rows.map((row) => ({ ...row, [REVIEW_COLUMN]: column.value(row), ...column.more?.(row) }));
  await changedDetails(rows, records.recordType, study);
  return { ...table, columns: [dataColumnOf(column), ...table.columns], rows };
}

/** The study a section page's tables are reviewed in, for the render of one request (React's cache). */
const holder = cache((): { study?: UserStudy } => ({}));

export const setPageReview = (study: UserStudy): void => {
  holder().study = study;
};

export const pageReview = (): UserStudy | undefined => holder().study;

/** Words under a changed record's status: when it was reviewed, and each field it changed, before and after. */
export async function changedDetails(rows: DataRow[], recordType: ChangedRecordType, study: UserStudy): Promise<void> {
  for (const row of rows) {
    const key = row[REVIEW_PROPS.key];
    if (typeof key === "string" && row[REVIEW_COLUMN] === STATUS_WORDS.changed)
      row[REVIEW_PROPS.detail] = await study.review.changeWords(recordType, key);
  }
}
