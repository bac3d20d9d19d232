/**
 * What the reviewer has to review since their last review (docs/review.md, The study overview): of the records added
 * or changed since, how many are not reviewed and how many changed since reviewed, each count opening them in the
 * Changes listing filtered to that status, where the keyboard reviews them one by one (j, n, r).
 */
import Link from "next/link";
import type { ReviewStatus } from "@/lib/review/record-type-review";
import { CHANGES_LISTING, changesHref, sectionHref } from "@/sections/frame/addresses";
import { statusFilter } from "../progress-hrefs";
import type { ChangesSince } from "../since";

export function SinceToReview({ since, studyHref }: { since: ChangesSince; studyHref: string }) {
  const { notReviewed, changed } = since.toReview;
  if (notReviewed + changed === 0) return <p role="note">Every record added or changed since is reviewed.</p>;
  const pair = { from: since.older.id, to: since.newer.id };
  const opened = (n: number, status: ReviewStatus, words: string) => {
    const text = `${n.toLocaleString("en")} ${words}`;
    if (n === 0) return text;
    const state = statusFilter(CHANGES_LISTING.prefix, status);
    return <Link href={changesHref(sectionHref(studyHref, "changes"), pair, {}, state)}>{text}</Link>;
  };
  return (
    <p role="note">
      To review: of the records added or changed since, {opened(notReviewed, "not-reviewed", "not reviewed")} and{" "}
      {opened(changed, "changed", "changed since you reviewed them")}. In Changes, <kbd>n</kbd> moves to the next one
      not reviewed and <kbd>r</kbd> marks it.
    </p>
  );
}
