"use client";
/**
 * The subject's own review on their profile (docs/review.md, Reviewed marks): the status of their Patient record and,
 * on the latest data, a button that marks it reviewed or takes the mark away (POST /review, as a row's button in the
 * subject list does); then the page is rendered again, its next subject in the list's order worked out anew. What
 * happened, or why nothing was marked, is said in words.
 */
import { useParams, useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { postReview } from "@/sections/frame/ui/post-review";
import { type Said, SaidLine } from "@/sections/frame/ui/SaidLine";

interface Props {
  subjectId: string;
  /** The status in words ("Not reviewed", "Reviewed", "Changed since reviewed"). */
  words: string;
  reviewed: boolean;
  canMark: boolean;
}

export function SubjectReview({ subjectId, words, reviewed, canMark }: Props) {
  const params = useParams<{ connectionId: string; study: string }>();
  const router = useRouter();
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const [, startTransition] = useTransition();
  const act = reviewed ? "unmark" : "mark";
  const press = async () => {
    setBusy(true);
    try {
      // The study's route only: the page's own segments (its subject ID) are no part of the request.
      const body = {
        connectionId: params.connectionId,
        study: params.study,
        act,
        recordType: "Patient",
        keys: [subjectId],
      };
      const posted = await postReview<{ count: number }>("/review", body);
      if (!posted.ok) return setSaid({ kind: "error", words: posted.words });
      setSaid({
        kind: "done",
        words: act === "mark" ? "Marked the subject reviewed." : "Took the subject's mark away.",
      });
      startTransition(() => router.refresh());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p>
        Your review of subject {subjectId}: {words}{" "}
        {canMark ? (
          <button type="button" aria-disabled={busy} onClick={() => !busy && press()}>
            {act === "mark" ? "Mark subject reviewed" : "Unmark subject"}
          </button>
        ) : null}
      </p>
      <SaidLine said={said} />
    </div>
  );
}
