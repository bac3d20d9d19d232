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
import type { ThreadSummary } from "@/lib/review/comments-store";
import { STATUS_WORDS } from "@/lib/review/record-type-review";
import { parseRecordReference, REVIEW_COLUMN, recordReference, SEVERAL_TYPES } from "@/lib/review/review-argument";
import { type ColumnReview, REVIEW_PROPS, reviewColumn } from "@/lib/review/review-column";
import { CHANGED_RECORD_TYPES, type ChangedRecordType } from "@/lib/snapshots/changes";
import type { UserStudy } from "@/lib/study/open-user-study";
import { dataColumnOf } from "@/lib/tables/server-table";
import { type PlainTable, plainTableDef, type TableDef, type TableRecords } from "@/lib/tables/table-def";
import type { DataRow } from "@/lib/tables/types";
import { RECORD_WORDS } from "./record-type-labels";

export const isReviewedType = (t: string): t is ChangedRecordType =>
  (CHANGED_RECORD_TYPES as readonly string[]).includes(t);

/** Whether a table's records are reviewed: of one record type a mark can be of, or of several (by reference). */
export const isReviewedTable = (recordType: string | undefined): recordType is string =>
  recordType !== undefined && (recordType === SEVERAL_TYPES || isReviewedType(recordType));

/** What the review column of a table reads: the statuses, the threads and the words of its records, by row key. */
interface TableReview {
  review: ColumnReview;
  threads: ReadonlyMap<string, ThreadSummary>;
  named: (key: string) => string;
}

async function reviewOfType(recordType: ChangedRecordType, study: UserStudy): Promise<TableReview> {
  const [review, threads] = await Promise.all([study.review.of(recordType), study.review.threads()]);
  const words = RECORD_WORDS[recordType];
  return {
    review,
    threads: new Map(threads.filter((t) => t.recordType === recordType).map((t) => [t.key, t])),
    named: (key) => `${words} ${key}`,
  };
}

/** The record type and key a reference names, where the type is one a mark can be of. */
function referenced(reference: string | null): { recordType: ChangedRecordType; key: string } | null {
  const named = reference === null ? null : parseRecordReference(reference);
  return named && isReviewedType(named.recordType) ? { recordType: named.recordType, key: named.key } : null;
}

/** A table of records of several types: each row's key a reference; the reviews of the types its rows hold. */
async function reviewOfReferences<R>(records: TableRecords<R>, rows: readonly R[], study: UserStudy) {
  const types = new Set<ChangedRecordType>();
  for (const row of rows) {
    const named = referenced(records.key(row));
    if (named) types.add(named.recordType);
  }
  const [reviews, threads] = await Promise.all([
    Promise.all([...types].map((t) => study.review.of(t))),
    study.review.threads(),
  ]);
  const byType = new Map(reviews.map((r) => [r.recordType, r]));
  const review: ColumnReview = {
    version: reviews.map((r) => `${r.recordType}.${r.version}`).join(" "),
    status: (reference) => {
      const named = referenced(reference);
      return named ? (byType.get(named.recordType)?.status(named.key) ?? null) : null;
    },
  };
  return {
    review,
    threads: new Map(
      threads
        .filter((t) => types.has(t.recordType as ChangedRecordType))
        .map((t) => [recordReference(t.recordType, t.key), t]),
    ),
    named: (reference: string) => {
      const named = referenced(reference);
      return named ? `${RECORD_WORDS[named.recordType]} ${named.key}` : reference;
    },
  } satisfies TableReview;
}

/** The definition with the review column first (its status, and its comments), where it names its records. */
export async function reviewedTable<R>(def: TableDef<R>, study: UserStudy): Promise<TableDef<R>> {
  const records = def.records;
  if (!records || !isReviewedTable(records.recordType)) return def;
  const { review, threads, named } =
    records.recordType === SEVERAL_TYPES
      ? await reviewOfReferences(records, def.rows, study)
      : await reviewOfType(records.recordType as ChangedRecordType, study);
  const canMark = study.past === undefined && records.markable !== false;
  const column = withComments(reviewColumn(records, review, canMark, named), records, threads, named);
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
  if (!records || !isReviewedTable(records.recordType)) return table;
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

/**
 * Words under a changed record's status: when it was reviewed, and each field it changed, before and after. The
 * rows' keys are of `recordType`, or references (SEVERAL_TYPES).
 */
export async function changedDetails(rows: DataRow[], recordType: string, study: UserStudy): Promise<void> {
  for (const row of rows) {
    const key = row[REVIEW_PROPS.key];
    if (typeof key !== "string" || row[REVIEW_COLUMN] !== STATUS_WORDS.changed) continue;
    const named =
      recordType === SEVERAL_TYPES ? referenced(key) : isReviewedType(recordType) ? { recordType, key } : null;
    if (named) row[REVIEW_PROPS.detail] = await study.review.changeWords(named.recordType, named.key);
  }
}
