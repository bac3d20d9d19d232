/**
 * What `n` does where a table's records to review have ended (docs/review.md, Your queue), on the page: the tab's
 * QueueSteps (./queue-step.ts) decides; this asks the route, says each answer in the table's status line, opens a
 * step (the focus first leaves the row it was on: the next page's rows may be the same elements), and once the
 * step's table is on the page gives its first record to review the focus and says so. A step whose listing is this
 * very page gets its first record to review here the focus. On a past snapshot, nothing is asked.
 */
import { useParams, usePathname, useRouter, useSearchParams } from "next/navigation";
import { type RefObject, useEffect, useMemo, useRef } from "react";
import { getReview } from "./post-review";
import { addressOf, type QueueAnswer, type QueueNext, QueueSteps, queueQuery } from "./queue-step";
import { focusFirstOpen } from "./review-keys";
import type { Said } from "./SaidLine";

/** The tab's queue keys: every table of every page shares them. */
const STEPS = new QueueSteps();

const hereNow = () => addressOf(window.location.href, window.location.href);

export interface QueueStepKeys {
  /** `n` found no record to review after the current one. */
  atListingEnd: () => void;
  /** Another key or act, in any table: a second `n` asks again. */
  forget: () => void;
}

export function useQueueStep(
  recordType: string,
  canMark: boolean,
  wrapper: RefObject<HTMLElement | null>,
  say: (said: Said) => void,
): QueueStepKeys {
  const params = useParams<{ connectionId: string; study: string; subjectId?: string }>();
  const router = useRouter();
  useStepLanding(recordType, wrapper, say);

  const lookHere = (next: QueueNext) => {
    const found = wrapper.current !== null && focusFirstOpen(wrapper.current);
    const where = found ? "" : " They are on this listing's other pages.";
    say({ kind: "done", words: `Your queue goes on here: ${next.words}.${where}` });
  };

  const atEnd = useRef(async () => {});
  atEnd.current = async () => {
    const act = STEPS.atEnd(hereNow(), canMark, Date.now());
    if (act.kind === "here") return lookHere(act.next);
    if (act.kind === "open") {
      (document.activeElement as HTMLElement | null)?.blur();
      say({ kind: "done", words: `Opening ${act.next.words}.` });
      return router.push(act.next.href);
    }
    if (act.kind === "none") return;
    const got = await getReview<QueueAnswer>(`/review/queue?${queueQuery(params, recordType, window.location.search)}`);
    // The reviewer went elsewhere or did something else meanwhile: the answer is for a moment that has passed.
    if (!STEPS.answered(act.ask, hereNow())) return;
    if (!got.ok) return say({ kind: "error", words: got.words });
    const next = got.answer.next;
    if (next === null)
      return say({ kind: "done", words: "No record left to review here, and your queue is empty: all is reviewed." });
    STEPS.tell(act.ask.from, next);
    say({
      kind: "done",
      words: `No record left to review here. Next in your queue: ${next.words}. Press n again to open them.`,
    });
  };
  return useMemo(() => ({ atListingEnd: () => void atEnd.current(), forget: () => STEPS.forget() }), []);
}

/** Once the step opened is on the page at its address (a new page, or this one with new rows): its first record. */
function useStepLanding(recordType: string, wrapper: RefObject<HTMLElement | null>, say: (said: Said) => void) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    const here = addressOf(`${pathname}${search ? `?${search}` : ""}`, window.location.href);
    const words = STEPS.landed(here, recordType, Date.now());
    if (words === null || !wrapper.current) return;
    focusFirstOpen(wrapper.current);
    say({ kind: "done", words: `Opened ${words}.` });
  }, [pathname, search, recordType, wrapper, say]);
}
