"use client";
/**
 * A record's thread of comments in a dialog (docs/review.md, Comments): its comments with their authors and times,
 * a field to write one, and Resolve or Reopen. A Radix Dialog: focus moves into it and stays there, Escape closes it
 * and focus goes back to the button that opened it. It reads the thread when it opens (GET /review/comments) and
 * writes through POST; what happened, or why nothing was written, is said in words (announced to screen readers).
 * After a write the page is rendered again, so that the table's comments column says it.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useParams, useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import dialogStyles from "@/components/ui/dialog.module.css";
import { NETWORK, postReview } from "./post-review";
import { type Said, SaidLine } from "./SaidLine";
import styles from "./study.module.css";

interface Comment {
  id: number;
  author: string;
  body: string;
  at: string;
  /** The reader's own: theirs to withdraw. */
  mine: boolean;
}

interface Thread {
  comments: number;
  resolved: { at: string; by: string } | null;
  list: Comment[];
}

/** The most characters a comment may have (lib/review/comments-store.ts, MAX_BODY). */
const MAX_BODY = 4000;

const timeWords = (iso: string) =>
  `${new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;

interface Props {
  recordType: string;
  recordKey: string;
  /** The record as a screen reader names it ("adverse event AE-0001"). */
  recordWords: string;
  /** Whether comments can be written (the latest data, not a past snapshot). */
  canWrite: boolean;
  onClose: () => void;
}

export function CommentThread({ recordType, recordKey, recordWords, canWrite, onClose }: Props) {
  const params = useParams<{ connectionId: string; study: string }>();
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [thread, setThread] = useState<Thread | null | undefined>(undefined);
  const [said, setSaid] = useState<Said>(null);
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const target = { connectionId: params.connectionId, study: params.study, recordType, key: recordKey };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per record opened.
  useEffect(() => {
    let live = true;
    fetch(`/review/comments?${new URLSearchParams(target)}`)
      .then(async (res) => {
        const answer = (await res.json().catch(() => null)) as { thread?: Thread | null; error?: string } | null;
        if (!live) return;
        if (res.ok && answer && "thread" in answer) setThread(answer.thread ?? null);
        else setSaid({ kind: "error", words: answer?.error ?? `The portal answered ${res.status}. Reload the page.` });
      })
      .catch(() => live && setSaid({ kind: "error", words: NETWORK }));
    return () => {
      live = false;
    };
  }, [recordType, recordKey]);

  const send = async (act: "comment" | "resolve" | "reopen" | "withdraw", done: string, comment?: number) => {
    setBusy(true);
    try {
      const posted = await postReview<{ thread?: Thread | null }>("/review/comments", {
        ...target,
        act,
        ...(act === "comment" ? { body } : {}),
        ...(act === "withdraw" ? { comment } : {}),
      });
      // A withdrawn comment may leave no thread: null.
      if (posted.ok && posted.answer.thread !== undefined) {
        setThread(posted.answer.thread);
        setSaid({ kind: "done", words: done });
        if (act === "comment") setBody("");
        startTransition(() => router.refresh());
      } else
        setSaid({ kind: "error", words: posted.ok ? "The portal answered without the thread. Reload." : posted.words });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.dialogOverlay} />
        <Dialog.Content className={`${dialogStyles.dialog} ${styles.thread}`}>
          <Dialog.Title>Comments on {recordWords}</Dialog.Title>
          <Dialog.Description>
            {thread === undefined
              ? "Reading the comments…"
              : thread === null
                ? "No comments yet. Your organisation's reviewers of this study read what you write here."
                : `${thread.comments} ${thread.comments === 1 ? "comment" : "comments"}, ${
                    thread.resolved ? `resolved by ${thread.resolved.by} on ${timeWords(thread.resolved.at)}` : "open"
                  }.`}
          </Dialog.Description>
          {thread?.list.length ? (
            <ol className={styles.comments}>
              {thread.list.map((c) => (
                <li key={c.id}>
                  <p className={styles.commentHead}>
                    {c.author}, {timeWords(c.at)}
                  </p>
                  <p className={styles.commentBody}>{c.body}</p>
                  {c.mine && canWrite ? (
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Withdraw your comment of ${timeWords(c.at)}`}
                      onClick={() => send("withdraw", "Your comment was withdrawn.", c.id)}
                    >
                      Withdraw
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          <SaidLine said={said} />
          {canWrite ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (body.trim()) void send("comment", "Your comment was added.");
              }}
            >
              <label htmlFor={fieldId}>Your comment</label>
              <textarea
                id={fieldId}
                value={body}
                maxLength={MAX_BODY}
                rows={4}
                onChange={(e) => setBody(e.target.value)}
              />
              <div className={dialogStyles.dialogActions}>
                {thread ? (
                  thread.resolved ? (
                    <button type="button" disabled={busy} onClick={() => send("reopen", "The thread is open again.")}>
                      Reopen
                    </button>
                  ) : (
                    <button type="button" disabled={busy} onClick={() => send("resolve", "The thread is resolved.")}>
                      Resolve
                    </button>
                  )
                ) : null}
                <Dialog.Close asChild>
                  <button type="button">Close</button>
                </Dialog.Close>
                <button type="submit" disabled={busy || body.trim() === ""}>
                  Add comment
                </button>
              </div>
            </form>
          ) : (
            <div className={dialogStyles.dialogActions}>
              <p>A past snapshot is read-only: open the latest data to comment.</p>
              <Dialog.Close asChild>
                <button type="button">Close</button>
              </Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
