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
import { type Said, SaidLine } from "./SaidLine";

const NETWORK = "The portal could not be reached. Check your network connection, then try again.";
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
      const res = await fetch("/review/views", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ connectionId, study, act: "save", name, address, shared }),
      }).catch(() => null);
      const answer = res ? ((await res.json().catch(() => null)) as { view?: number; error?: string } | null) : null;
      if (res?.ok && answer?.view) {
        setSavedId(answer.view);
        setSaid({ kind: "done", words: shared ? "Saved, shared with your organisation." : "Saved for you." });
        setName("");
      } else
        setSaid({
          kind: "error",
          words: answer?.error ?? (res ? `The portal answered ${res.status}. Reload the page and try again.` : NETWORK),
        });
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
