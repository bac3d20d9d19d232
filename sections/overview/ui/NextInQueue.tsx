/**
 * The first step of the reviewer's queue with records to review (docs/review.md, Your queue): a place's records not
 * reviewed (else changed since reviewed) opened in their listing, where `n` goes from one to the next and, at the
 * listing's end, on to the queue's next step. A past snapshot has no queue: its records are not marked.
 */
import Link from "next/link";
import { placeHref, placeWords, type QueueStep } from "../queue";

export function NextInQueue({ next, studyHref }: { next: QueueStep | null | "past"; studyHref: string }) {
  if (next === "past")
    return (
      <p role="note">
        Records are marked on the study&apos;s latest data, not on a past snapshot: your queue is on the latest data.
      </p>
    );
  if (next === null) return <p role="note">Your queue is empty: every record you can mark is reviewed.</p>;
  return (
    <p role="note">
      Next in your queue: <Link href={placeHref(studyHref, next)}>{placeWords(next)}</Link>.{" In a listing, "}
      <kbd>n</kbd> moves to the next record to review and, at the listing&apos;s end, on to the next step of your queue.
    </p>
  );
}
