/**
 * The comments column beside the review column (docs/review.md, Comments): each row's thread in words ("2 open",
 * "1 resolved"; blank: none) and a button that opens the thread, to read it and write to it. Its cells depend on
 * the study's threads, so its stamp names them: a table's kept orders are never reused across a comment.
 */
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableRecords } from "@/lib/tables/table-def";
import type { DataRow } from "@/lib/tables/types";
import type { ThreadSummary } from "./comments-store";
import { COMMENTS_COLUMN, reviewArgument } from "./review-argument";

/** The row properties the column adds beside its cell. */
export const COMMENT_PROPS = {
  label: `${COMMENTS_COLUMN}__label`,
  argument: `${COMMENTS_COLUMN}__argument`,
  name: `${COMMENTS_COLUMN}__name`,
} as const;

/** A thread in words: how many comments, open or resolved. */
export const threadWords = (t: ThreadSummary) => `${t.comments} ${t.resolved ? "resolved" : "open"}`;

/**
 * The column over the record type's threads (by record key). `recordWords` names a record for screen readers
 * ("adverse event AE-0001").
 */
export function commentsColumn<R>(
  records: TableRecords<R>,
  threads: ReadonlyMap<string, ThreadSummary>,
  recordWords: (key: string) => string,
): TableColumn<R> {
  const threadOf = (row: R) => {
    const key = records.key(row);
    return key === null ? undefined : threads.get(key);
  };
  const latest = [...threads.values()].reduce((at, t) => (t.updatedAt > at ? t.updatedAt : at), "");
  return {
    id: COMMENTS_COLUMN,
    header: "Comments",
    nowrap: true,
    value: (row) => {
      const thread = threadOf(row);
      return thread ? threadWords(thread) : null;
    },
    stamp: `${threads.size}:${latest}`,
    action: { label: COMMENT_PROPS.label, argument: COMMENT_PROPS.argument, name: COMMENT_PROPS.name },
    more: (row: R): DataRow => {
      const key = records.key(row);
      if (key === null) return {};
      const thread = threads.get(key);
      const words = recordWords(key);
      return {
        [COMMENT_PROPS.label]: thread ? "Read" : "Add",
        [COMMENT_PROPS.argument]: reviewArgument("comment", key),
        [COMMENT_PROPS.name]: thread ? `Comments on ${words}: ${threadWords(thread)}` : `Add a comment on ${words}`,
      };
    },
  };
}
