/**
 * The browser's side of the reviewer's queue (docs/review.md, Your queue), its parts that need no page: what a table
 * asks of GET /review/queue, its answer, and how two addresses are compared (a step whose listing is the page the
 * reviewer is on is not opened again: its records to review are looked for from the page's top).
 */

/** The next step of the reviewer's queue, as GET /review/queue answers it. */
export interface QueueNext {
  href: string;
  /** "Laboratory results: ALT: 12 not reviewed". */
  words: string;
  /** The record type of its listing's table. */
  type: string;
}

export type QueueAnswer = { next: QueueNext | null };

/** The longest page query the queue reads (its route's bound). */
export const MAX_QUEUE_AT = 4_096;

/** Where the table is, as the queue's route reads it: its study, record type, page query and subject. */
export function queueQuery(
  params: { connectionId: string; study: string; subjectId?: string },
  recordType: string,
  search: string,
): URLSearchParams {
  const at = search.replace(/^\?/, "");
  return new URLSearchParams({
    connectionId: params.connectionId,
    study: params.study,
    type: recordType,
    // A longer address is not read: the queue goes on from before the record type's first place.
    at: at.length <= MAX_QUEUE_AT ? at : "",
    ...(params.subjectId ? { subject: params.subjectId } : {}),
  });
}

/** A page's address as the queue compares two: its path and its query, written alike; not its fragment. */
export function addressOf(href: string, base: string): string {
  const url = new URL(href, base);
  const query = new URLSearchParams(url.search).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
