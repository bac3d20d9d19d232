/**
 * A comment withdrawn by its author (docs/review.md, Comments): found by its organisation, study, record and author
 * only, so that no number reaches another user's or organisation's comment; a thread left without comments goes.
 */
import type { Store } from "@/lib/store/store";
import { type ThreadPlace, threadRow } from "./comments-store";

/**
 * Withdraws a comment of the user from the record's thread (a thread left without comments goes with it); false: the
 * thread holds no such comment of theirs. All or nothing.
 */
export async function withdrawComment(
  store: Store,
  place: ThreadPlace,
  comment: { commentId: number; userId: number; at: Date },
): Promise<boolean> {
  return store.write(async ({ db: tx }) => {
    const head = await threadRow(tx, place).select(["id", "comments"]).executeTakeFirst();
    if (!head) return false;
    const gone = await tx
      .deleteFrom("review_comments")
      .where("id", "=", comment.commentId)
      .where("thread_id", "=", head.id)
      .where("user_id", "=", comment.userId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    if (head.comments <= 1) await tx.deleteFrom("review_threads").where("id", "=", head.id).execute();
    else
      await tx
        .updateTable("review_threads")
        .set((eb) => ({ comments: eb("comments", "-", 1), updated_at: comment.at.toISOString() }))
        .where("id", "=", head.id)
        .execute();
    return true;
  });
}
