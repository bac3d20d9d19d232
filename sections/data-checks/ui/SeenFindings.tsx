"use client";
/**
 * The findings table as a reviewer works it (docs/review.md, Data-check findings): each row's button marks the
 * finding seen or takes the mark away (POST /review/findings), then the page is rendered again with the new
 * statuses; what happened, or why nothing was marked, is said in words (announced to screen readers).
 */
import { useParams, useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { TableActions } from "@/components/data-table/table-actions";
import { postReview } from "@/sections/frame/ui/post-review";
import { type Said, SaidLine } from "@/sections/frame/ui/SaidLine";

export function SeenFindings({ children }: { children: ReactNode }) {
  const params = useParams<{ connectionId: string; study: string }>();
  const router = useRouter();
  const [said, setSaid] = useState<Said>(null);
  const [, startTransition] = useTransition();
  const act = async (argument: string) => {
    const [act, key] = argument.split(":");
    if ((act !== "seen" && act !== "unseen") || !key) return;
    const body = { connectionId: params.connectionId, study: params.study, act, keys: [key] };
    const posted = await postReview<{ count: number }>("/review/findings", body);
    if (!posted.ok) {
      setSaid({ kind: "error", words: posted.words });
      return;
    }
    setSaid({ kind: "done", words: act === "seen" ? "Marked 1 finding seen." : "Took the mark of 1 finding away." });
    startTransition(() => router.refresh());
  };
  return (
    <TableActions.Provider value={act}>
      <SaidLine said={said} />
      {children}
    </TableActions.Provider>
  );
}
