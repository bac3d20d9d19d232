/**
 * What `n` does where a table's records to review have ended (docs/review.md, Your queue): asks where the
 * reviewer's queue goes on from here and says it; a second `n`, with nothing else done between, opens it. A step
 * whose listing is this very page is not opened again: its first record to review here gets the focus. Once the
 * step's listing is on the page (a new page, or this one with new rows), its first record to review gets the focus
 * and the step is said. One request at a time, and an answer that comes after the reviewer left its page is
 * dropped. On a past snapshot, nothing is asked: its records cannot be marked.
 */
import { useParams, usePathname, useRouter, useSearchParams } from "next/navigation";
import { type RefObject, useEffect, useMemo, useRef } from "react";
import { getReview } from "./post-review";
import { addressOf, type QueueAnswer, type QueueNext, queueQuery } from "./queue-step";
import { focusFirstOpen } from "./review-keys";
import type { Said } from "./SaidLine";

/** The step `n` opened, until its table is on the page: one at a time in the tab, the latest. */
let opening: { address: string; type: string; words: string } | null = null;

const hereNow = () => addressOf(window.location.href, window.location.href);

export interface QueueStepKeys {
  /** `n` found no record to review after the current one. */
  atListingEnd: () => void;
  /** Another key or act: a second `n` asks again rather than opening what was said before. */
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
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const told = useRef<{ from: string; next: QueueNext } | null>(null);
  const asking = useRef(false);

  // The step opened: once its table is here, with the rows of its address, its first record to review.
  useEffect(() => {
    const address = addressOf(`${pathname}${search ? `?${search}` : ""}`, window.location.href);
    if (opening === null || opening.address !== address || opening.type !== recordType || !wrapper.current) return;
    const { words } = opening;
    opening = null;
    focusFirstOpen(wrapper.current);
    say({ kind: "done", words: `Opened ${words}.` });
  }, [pathname, search, recordType, wrapper, say]);

  const open = (next: QueueNext) => {
    const address = addressOf(next.href, window.location.href);
    if (address === hereNow()) {
      const found = wrapper.current !== null && focusFirstOpen(wrapper.current);
      const where = found ? "" : " They are on this listing's other pages.";
      say({ kind: "done", words: `Your queue goes on here: ${next.words}.${where}` });
      return;
    }
    opening = { address, type: next.type, words: next.words };
    // The focus leaves the row it was on: the next page's rows may be the same elements.
    (document.activeElement as HTMLElement | null)?.blur();
    say({ kind: "done", words: `Opening ${next.words}.` });
    router.push(next.href);
  };

  const atEnd = useRef(async () => {});
  atEnd.current = async () => {
    const from = hereNow();
    const held = told.current;
    told.current = null;
    if (held?.from === from) return open(held.next);
    if (!canMark || asking.current) return;
    asking.current = true;
    const query = queueQuery(params, recordType, window.location.search);
    const got = await getReview<QueueAnswer>(`/review/queue?${query}`).finally(() => {
      asking.current = false;
    });
    // The reviewer went elsewhere meanwhile: the answer is for a page they left.
    if (hereNow() !== from) return;
    if (!got.ok) return say({ kind: "error", words: got.words });
    const next = got.answer.next;
    if (next === null)
      return say({ kind: "done", words: "No record left to review here, and your queue is empty: all is reviewed." });
    told.current = { from, next };
    say({
      kind: "done",
      words: `No record left to review here. Next in your queue: ${next.words}. Press n again to open them.`,
    });
  };
  return useMemo(
    () => ({
      atListingEnd: () => void atEnd.current(),
      forget: () => {
        told.current = null;
      },
    }),
    [],
  );
}
