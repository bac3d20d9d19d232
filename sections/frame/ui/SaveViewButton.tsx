"use client";
/**
 * "Save view" (docs/review.md, Saved views): names the page as it is now (its address with the study filter, the
 * tables' filters and sorting, and the snapshot it shows) and saves it for the user or for their organisation
 * (POST /review/views). A Radix Dialog: focus moves into it and back to the button when it closes. What happened, or
 * why nothing was saved, is said in words (announced to screen readers), with a link to the saved views.
 */
import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { useId, useState } from "react";
import dialogStyles from "@/components/ui/dialog.module.css";
import { postReview } from "./post-review";
import { type Said, SaidLine } from "./SaidLine";

/** The most characters a view's name may have (lib/review/views-store.ts, MAX_NAME). */
const MAX_NAME = 100;

interface Props {
  connectionId: string;
  study: string;
  /** The study's saved views (their section's address). */
  viewsHref: string;
}

export function SaveViewButton({ connectionId, study, viewsHref }: Props) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();

  const save = async () => {
    setBusy(true);
    try {
      const address = `${window.location.pathname}${window.location.search}`;
      const body = { connectionId, study, act: "save", name, address, shared };
      const posted = await postReview<{ view: number }>("/review/views", body);
      if (posted.ok) {
        setSavedId(posted.answer.view);
        setSaid({ kind: "done", words: shared ? "Saved, shared with your organisation." : "Saved for you." });
        setName("");
      } else setSaid({ kind: "error", words: posted.words });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setSaid(null);
          setSavedId(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button">Save view</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.dialogOverlay} />
        <Dialog.Content className={dialogStyles.dialog}>
          <Dialog.Title>Save this view</Dialog.Title>
          <Dialog.Description>
            The page as it is now: its study filter, its tables&apos; filters and sorting, and the data it shows.
            Opening it later says what changed since.
          </Dialog.Description>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) void save();
            }}
          >
            <p>
              <label htmlFor={nameId}>Name</label>
              <input
                id={nameId}
                value={name}
                maxLength={MAX_NAME}
                required
                autoComplete="off"
                onChange={(e) => setName(e.target.value)}
              />
            </p>
            <p>
              <label>
                <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Share with my
                organisation
              </label>
            </p>
            <SaidLine said={said} />
            {savedId !== null ? (
              <p>
                <Link href={viewsHref}>Open saved views</Link>
              </p>
            ) : null}
            <div className={dialogStyles.dialogActions}>
              <Dialog.Close asChild>
                <button type="button">Close</button>
              </Dialog.Close>
              <button type="submit" disabled={busy || name.trim() === ""}>
                Save
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
