"use client";
/**
 * A button that submits its form only once the user confirms, for what cannot be undone (removing a connection,
 * purging snapshots). The confirmation is a Radix AlertDialog (focus moved into it and kept there, Escape cancels,
 * focus back on the button); its confirm button submits the form the button is in.
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactNode, useRef } from "react";
import styles from "./dialog.module.css";
import uiStyles from "./ui.module.css";

interface Props {
  /** The button's words, and its accessible name where `name` gives none. */
  label: string;
  /** The button's accessible name, where its words alone do not say what it acts on (one in a table of many). */
  name?: string;
  title: ReactNode;
  description: ReactNode;
  confirm: string;
  disabled?: boolean;
}

export function ConfirmSubmit({ label, name, title, description, confirm, disabled }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button ref={button} type="button" className={uiStyles.buttonDanger} disabled={disabled} aria-label={name}>
          {label}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.dialogOverlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button">Cancel</button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button
                type="button"
                className={uiStyles.buttonDangerSolid}
                onClick={() => button.current?.form?.requestSubmit()}
              >
                {confirm}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
