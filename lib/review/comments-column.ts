/**
 * A record's comments in its review cell (docs/review.md, Comments): a button after the review status, a speech
 * bubble with the thread's count ("2"; "2 ✓" once resolved; none: the bubble alone), that opens the thread to read
 * and write. Its name for screen readers says all ("Comments on adverse event AE-0001: 2, open"). The cells then
 * depend on the study's threads too, so the column's stamp names them: a table's kept orders are never reused across
 * a comment.
 */
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableRecords } from "@/lib/tables/table-def";
import type { DataRow } from "@/lib/tables/types";
import type { ThreadSummary } from "./comments-store";
import { COMMENTS_COLUMN, reviewArgument } from "./review-argument";

/** The row properties the comments button adds beside the review cell. */
export const COMMENT_PROPS = {
  label: `${COMMENTS_COLUMN}__label`,
  argument: `${COMMENTS_COLUMN}__argument`,
  name: `${COMMENTS_COLUMN}__name`,
} as const;

/** A thread in words: how many comments, open or resolved. */
export const threadWords = (t: ThreadSummary) => `${t.comments}, ${t.resolved ? "resolved" : "open"}`;

/**
 * The review column with each row's comments button after its own: the record type's threads by record key.
 * `recordWords` names a record for screen readers ("adverse event AE-0001").
 */
export function withComments<R>(
  column: TableColumn<R>,
  records: TableRecords<R>,
  threads: ReadonlyMap<string, ThreadSummary>,
  recordWords: (key: string) => string,
): TableColumn<R> {
  const latest = [...threads.values()].reduce((at, t) => (t.updatedAt > at ? t.updatedAt : at), "");
  return {
    ...column,
    stamp: `${column.stamp ?? ""}:${threads.size}:${latest}`,
    actions: [
      ...(column.actions ?? []),
      { label: COMMENT_PROPS.label, argument: COMMENT_PROPS.argument, name: COMMENT_PROPS.name, icon: "comment" },
    ],
    more: (row: R): DataRow => {
      const own = column.more?.(row) ?? {};
      const key = records.key(row);
      if (key === null) return own;
      const thread = threads.get(key);
      const words = recordWords(key);
      return {
        ...own,
        [COMMENT_PROPS.label]: thread ? `${thread.comments}${thread.resolved ? " ✓" : ""}` : "",
        [COMMENT_PROPS.argument]: reviewArgument("comment", key),
        [COMMENT_PROPS.name]: thread ? `Comments on ${words}: ${threadWords(thread)}` : `Add a comment on ${words}`,
      };
    },
  };
}
