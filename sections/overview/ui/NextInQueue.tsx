/**
 * The first place of the reviewer's queue with records to review (docs/review.md, Your queue): its records not
 * reviewed (else changed since reviewed) opened in their listing, where `n` goes from one to the next and, at the
 * listing's end, on to the queue's next place.
 */
import Link from "next/link";
import { placeHref, placeWords, type QueuePlace } from "../queue";

export function NextInQueue({ place, studyHref }: { place: QueuePlace | null; studyHref: string }) {
  if (place === null) return <p role="note">Your queue is empty: every record you can mark is reviewed.</p>;
  return (
    <p role="note">
      Next in your queue: <Link href={placeHref(studyHref, place)}>{placeWords(place)}</Link>. In a listing,{" "}
      <kbd>n</kbd> moves to the next record to review and, at the listing&apos;s end, on to the next place of your
      queue.
    </p>
  );
}
