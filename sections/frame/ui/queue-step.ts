/**
 * The browser's side of the reviewer's queue (docs/review.md, Your queue), its parts that need no page: what a table
 * asks of GET /review/queue, its answer, how two addresses are compared (a step whose listing is the page the
 * reviewer is on is not opened again: its records to review are looked for from the page's top), and what each `n`
 * at a table's end does (QueueSteps), one for the browser tab.
 */
import { isReviewFilterParam } from "@/lib/review/review-argument";
import { STUDY_FILTER_PARAMS } from "../study-filter";

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
  return new URLSearchParams({
    connectionId: params.connectionId,
    study: params.study,
    type: recordType,
    at: queueAt(search),
    ...(params.subjectId ? { subject: params.subjectId } : {}),
  });
}

/** The page's query parameters the queue reads: the study filter, the test or vital sign, the review filter. */
const READ_PARAMS = new Set([...STUDY_FILTER_PARAMS, "test", "item", "unit", "text", "at", "issue"]);

/**
 * The page's query as the route reads it: whole where it fits; else only the parameters the queue reads (a table's
 * other filters make an address long); else none (the queue goes on from before the record type's first place).
 */
function queueAt(search: string): string {
  const at = search.replace(/^\?/, "");
  if (at.length <= MAX_QUEUE_AT) return at;
  const read = [...new URLSearchParams(at)].filter(([k]) => READ_PARAMS.has(k) || isReviewFilterParam(k));
  const kept = new URLSearchParams(read).toString();
  return kept.length <= MAX_QUEUE_AT ? kept : "";
}

/** A page's address as the queue compares two: its path and its query, written alike; not its fragment. */
export function addressOf(href: string, base: string): string {
  const url = new URL(href, base);
  const query = new URLSearchParams(url.search).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** What `n` at a table's end does: ask the route, open a step, look from this page's top, or nothing. */
export type StepAct =
  | { kind: "ask"; ask: StepAsk }
  | { kind: "open"; next: QueueNext }
  | { kind: "here"; next: QueueNext }
  | { kind: "none" };

/** A request sent: from where, and after how many other acts (an answer after another act is dropped). */
export interface StepAsk {
  from: string;
  acts: number;
}

/** How long a step opened waits for its table to be on the page (a server page of a million rows included). */
export const LANDING_WAIT_MS = 60_000;

/**
 * The queue's keys in one browser tab, whatever table they were pressed in: `n` at a table's end asks where the
 * queue goes on and, pressed again with no other key or act between and on the same page, opens it; one request
 * at a time, its answer dropped where the reviewer left the page or acted meanwhile; the step opened is told to its
 * table once that table is on the page at its address (never after another page, nor after LANDING_WAIT_MS).
 * Addresses are as `addressOf` writes them.
 */
export class QueueSteps {
  private told: { from: string; next: QueueNext } | null = null;
  private asking = false;
  private acts = 0;
  private opening: { from: string; address: string; type: string; words: string; at: number } | null = null;

  /** `n` found no record to review after the current one, on the page at `here`. */
  atEnd(here: string, canMark: boolean, now: number): StepAct {
    const held = this.told;
    this.told = null;
    if (held?.from === here) {
      const address = addressOf(held.next.href, `http://portal${here}`);
      if (address === here) return { kind: "here", next: held.next };
      this.opening = { from: here, address, type: held.next.type, words: held.next.words, at: now };
      return { kind: "open", next: held.next };
    }
    if (!canMark || this.asking) return { kind: "none" };
    this.asking = true;
    return { kind: "ask", ask: { from: here, acts: this.acts } };
  }

  /** The route answered `ask`, the page being at `here` now: false where the answer is dropped. */
  answered(ask: StepAsk, here: string): boolean {
    this.asking = false;
    return ask.acts === this.acts && ask.from === here;
  }

  /** The answer said where the queue goes on: a second `n` on the same page opens it. */
  tell(from: string, next: QueueNext): void {
    this.told = { from, next };
  }

  /** Another key or act: a second `n` asks again. */
  forget(): void {
    this.told = null;
    this.acts += 1;
  }

  /** A table of `type` is on the page at `here`: the words of the step it opened, once; else null. */
  landed(here: string, type: string, now: number): string | null {
    const o = this.opening;
    if (o === null || here === o.from) return null;
    if (here !== o.address || now - o.at > LANDING_WAIT_MS) {
      this.opening = null;
      return null;
    }
    if (type !== o.type) return null;
    this.opening = null;
    return o.words;
  }
}
