"use client";
/**
 * Remove a connection, after a confirmation: the stored secret goes with it and cannot be shown again. The
 * confirmation is a Radix AlertDialog (focus moved into it and kept there, Escape cancels, focus back on "Remove"),
 * whose confirm button submits this card's form.
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useActionState, useRef } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import type { FormState } from "@/lib/connections/connection-input";
import styles from "./connections.module.css";

interface Props {
  connectionId: string;
  name: string;
  action: (state: FormState, formData: FormData) => Promise<FormState>;
}

export function DeleteConnectionButton({ connectionId, name, action }: Props) {
  const [state, formAction, pending] = useActionState(action, { ok: true });
  const form = useRef<HTMLFormElement>(null);
  return (
    <form action={formAction} ref={form}>
      <input type="hidden" name="id" value={connectionId} />
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <button type="button" className={uiStyles.buttonDanger} disabled={pending}>
            Remove
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.dialogOverlay} />
          <AlertDialog.Content className={styles.dialog}>
            <AlertDialog.Title>Remove the connection &ldquo;{name}&rdquo;?</AlertDialog.Title>
            <AlertDialog.Description>
              Its stored client secret is deleted too; to use this partner service again, you would add the connection
              anew with the secret.
            </AlertDialog.Description>
            <div className={styles.dialogActions}>
              <AlertDialog.Cancel asChild>
                <button type="button">Cancel</button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <button
                  type="button"
                  className={uiStyles.buttonDangerSolid}
                  onClick={() => form.current?.requestSubmit()}
                >
                  Remove connection
                </button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      {!state.ok && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
    </form>
  );
}
