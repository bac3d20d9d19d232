"use client";
/**
 * Refresh: a form posting to the study's server action, which drops the study's cached data and renders the
 * section afresh, or, while the study is loading already or when pressed too often, starts nothing and says so here.
 */
import { useActionState } from "react";
import { MESSAGE_CLASS } from "@/components/feedback/message-class";
import { LoadProgress } from "./LoadProgress";
import styles from "./study.module.css";

/** What the refresh action answers: null when the page is rendered afresh, or why nothing was done. */
export type RefreshAnswer =
  | { status: "loading" }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "not-counted" }
  | null;

export type RefreshAction = (previous: RefreshAnswer, form: FormData) => Promise<RefreshAnswer>;

export const ALREADY_LOADING =
  "Already loading: this study is being loaded from the partner service right now, so Refresh started nothing new. " +
  "Reload the page in a moment to see the new data.";

/** Refresh refused for pressing it too often (lib/study/refresh-limit.ts): what happened, and when to press again. */
export const refreshLimited = (retryAfterSeconds: number) =>
  "Refresh was pressed too often for this study in the last minute, so nothing was reloaded. It may be pressed " +
  `again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;

/** Refresh refused because the server cannot count the presses (docs/coordination.md, When Redis does not answer). */
export const REFRESH_NOT_COUNTED =
  "The server cannot count presses of Refresh just now, so nothing was reloaded. Try again shortly.";

export function RefreshButton({
  action,
  connectionId,
  study,
  progressUrl,
}: {
  action: RefreshAction;
  connectionId: string;
  study: string;
  progressUrl: string;
}) {
  const [answer, submit, pending] = useActionState(action, null);
  return (
    <form action={submit} className={styles.refresh}>
      <input type="hidden" name="connectionId" value={connectionId} />
      <input type="hidden" name="study" value={study} />
      <button type="submit" disabled={pending}>
        {pending ? "Refreshing…" : "Refresh"}
      </button>
      {pending && <LoadProgress url={progressUrl} label="Reloading the study from the partner service…" />}
      {!pending && answer?.status === "loading" && (
        <p role="status" className={MESSAGE_CLASS.info}>
          {ALREADY_LOADING}
        </p>
      )}
      {!pending && answer?.status === "limited" && (
        <p role="status" className={MESSAGE_CLASS.info}>
          {refreshLimited(answer.retryAfterSeconds)}
        </p>
      )}
      {!pending && answer?.status === "not-counted" && (
        <p role="status" className={MESSAGE_CLASS.info}>
          {REFRESH_NOT_COUNTED}
        </p>
      )}
    </form>
  );
}
