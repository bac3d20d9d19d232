"use client";
import * as Dialog from "@radix-ui/react-dialog";
/**
 * A table of records as a reviewer works it (docs/review.md, Marking): each row's button marks its record reviewed
 * or takes the mark away, and above the table one button marks every row its filters show (as its export would
 * write them), another takes their marks away. Each asks the portal (POST /review), then the page is rendered again
 * with the new statuses; what happened, or why nothing was marked, is said in words (announced to screen readers).
 * Each row's comments button opens its thread (./CommentThread.tsx). The table is reviewed by keyboard too
 * (./review-keys.ts: j, k, n, r, c, and ? to list them).
 */
import { useParams, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState, useTransition } from "react";
import { TableActions } from "@/components/data-table/table-actions";
import dialogStyles from "@/components/ui/dialog.module.css";
import { parseRecordReference, parseReviewArgument, type ReviewAct, SEVERAL_TYPES } from "@/lib/review/review-argument";
import { RECORD_WORDS } from "../record-type-labels";
import { CommentThread } from "./CommentThread";
import { postReview } from "./post-review";
import { isActiveTable, KEY_HELP, REVIEWED_TABLE_ATTRIBUTE, reviewKey, reviewKeyOf } from "./review-keys";
import { type Said, SaidLine } from "./SaidLine";
import styles from "./study.module.css";
import { useQueueStep } from "./use-queue-step";

interface Props {
  /** The rows' record type; SEVERAL_TYPES: each row's key is a reference naming its own. */
  recordType: string;
  /** The table among the exports: what "every row shown" is made by; absent: rows are marked one by one. */
  exportAs?: { view: string; table: string };
  /** Rows the table's filters show; null: not known here (a browser's table filters its rows itself). */
  shown: number | null;
  /** Whether records can be marked here (the latest data, not a past snapshot). */
  canMark: boolean;
  children: ReactNode;
}

export function ReviewedTable({ recordType, exportAs, shown, canMark, children }: Props) {
  const params = useParams<{ connectionId: string; study: string; subjectId?: string }>();
  const router = useRouter();
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const [commenting, setCommenting] = useState<{ recordType: string; key: string } | null>(null);
  const [helping, setHelping] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const queueStep = useQueueStep(recordType, canMark, wrapper, setSaid);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const table = wrapper.current;
      const key = reviewKeyOf(e);
      if (!table || key === null) return;
      // Any other key, in whichever table: the queue's second `n` asks again (./use-queue-step.ts).
      if (key !== "next-open") queueStep.forget();
      if (!isActiveTable(table)) return;
      if (key === "help") setHelping(true);
      else if (!reviewKey(table, key, queueStep.atListingEnd)) return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [queueStep]);
  const [, startTransition] = useTransition();
  const ask = async (act: Exclude<ReviewAct, "comment">, which: object, done: (count: number) => string) => {
    queueStep.forget();
    setBusy(true);
    try {
      const body = { connectionId: params.connectionId, study: params.study, act, ...which };
      const posted = await postReview<{ count: number }>("/review", body);
      if (posted.ok) {
        setSaid({ kind: "done", words: done(posted.answer.count) });
        startTransition(() => router.refresh());
      } else setSaid({ kind: "error", words: posted.words });
    } finally {
      setBusy(false);
    }
  };
  const act = async (argument: string) => {
    const parsed = parseReviewArgument(argument);
    const record = parsed && recordOf(recordType, parsed.key);
    if (!parsed || !record) return;
    if (parsed.act === "comment") {
      setCommenting(record);
      return;
    }
    if (!canMark) return;
    await ask(parsed.act, { recordType: record.recordType, keys: [record.key] }, () =>
      parsed.act === "mark" ? "Marked 1 record reviewed." : "Took the mark of 1 record away.",
    );
  };
  // Read at the press: the page's address holds the table's filters as the reader set them.
  const shownRequest = () => ({
    shown: {
      ...exportAs,
      query: window.location.search.replace(/^\?/, ""),
      ...(params.subjectId ? { subject: params.subjectId } : {}),
    },
  });
  return (
    <TableActions.Provider value={act}>
      <div ref={wrapper} {...{ [REVIEWED_TABLE_ATTRIBUTE]: "" }}>
        {canMark && exportAs && shown !== 0 ? (
          <div className={styles.refresh}>
            <button
              type="button"
              disabled={busy}
              onClick={() => ask("mark", shownRequest(), (n) => `Marked ${plural(n)} reviewed.`)}
            >
              {shown === null
                ? "Mark every row shown reviewed"
                : `Mark the ${shown.toLocaleString("en")} ${shown === 1 ? "row" : "rows"} shown reviewed`}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => ask("unmark", shownRequest(), (n) => `Took the marks of ${plural(n)} away.`)}
            >
              Unmark them
            </button>
          </div>
        ) : null}
        <SaidLine said={said} />
        {children}
        {commenting !== null ? (
          <CommentThread
            recordType={commenting.recordType}
            recordKey={commenting.key}
            recordWords={`${recordWordsOf(commenting.recordType)} ${commenting.key}`}
            canWrite={canMark}
            onClose={() => setCommenting(null)}
          />
        ) : null}
        {helping ? <KeysHelp onClose={() => setHelping(false)} /> : null}
      </div>
    </TableActions.Provider>
  );
}

/** A row's record: of the table's record type, or (a table of several) the one its key references. */
const recordOf = (recordType: string, key: string) =>
  recordType === SEVERAL_TYPES ? parseRecordReference(key) : { recordType, key };

const recordWordsOf = (recordType: string) =>
  Object.hasOwn(RECORD_WORDS, recordType) ? RECORD_WORDS[recordType as keyof typeof RECORD_WORDS] : "record";

const plural = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "record" : "records"}`;

/** The keys of a table of records, listed (`?`). */
function KeysHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.dialogOverlay} />
        <Dialog.Content className={dialogStyles.dialog}>
          <Dialog.Title>Keyboard review</Dialog.Title>
          <Dialog.Description>In a table of records, away from its fields:</Dialog.Description>
          <dl className={styles.keys}>
            {KEY_HELP.map((k) => (
              <div key={k.key}>
                <dt>
                  <kbd>{k.key}</kbd>
                </dt>
                <dd>{k.words}</dd>
              </div>
            ))}
          </dl>
          <div className={dialogStyles.dialogActions}>
            <Dialog.Close asChild>
              <button type="button">Close</button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
