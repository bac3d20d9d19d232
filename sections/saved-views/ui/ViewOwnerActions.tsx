"use client";
/**
 * What the owner of a saved view does with it (POST /review/views): share it with the organisation or make it theirs
 * only again, and delete it (once confirmed; then back to the saved views). What happened, or why nothing was done,
 * is said in words.
 */
import { useParams, useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmSubmit } from "@/components/ui/ConfirmSubmit";
import { postReview } from "@/sections/frame/ui/post-review";
import { type Said, SaidLine } from "@/sections/frame/ui/SaidLine";

interface Props {
  viewId: number;
  shared: boolean;
  /** The study's saved views: where a deleted view's page goes. */
  viewsHref: string;
}

export function ViewOwnerActions({ viewId, shared, viewsHref }: Props) {
  const params = useParams<{ connectionId: string; study: string }>();
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);

  const send = async (act: "share" | "unshare" | "delete", done: string) => {
    setBusy(true);
    try {
      const target = { connectionId: params.connectionId, study: params.study };
      const posted = await postReview("/review/views", { ...target, act, view: viewId });
      if (posted.ok) {
        setSaid({ kind: "done", words: done });
        startTransition(() => (act === "delete" ? router.push(viewsHref) : router.refresh()));
      } else setSaid({ kind: "error", words: posted.words });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send("delete", "The view was deleted.");
      }}
    >
      <p>
        {shared ? (
          <button type="button" disabled={busy} onClick={() => send("unshare", "The view is yours only now.")}>
            Make private
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => send("share", "The view is shared now.")}>
            Share with my organisation
          </button>
        )}{" "}
        <ConfirmSubmit
          label="Delete view"
          title="Delete this saved view?"
          description="It goes for everyone it is shared with; the study's data stay as they are."
          confirm="Delete"
          disabled={busy}
        />
      </p>
      <SaidLine said={said} />
    </form>
  );
}
