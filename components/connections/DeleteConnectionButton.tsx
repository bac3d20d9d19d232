"use client";
/**
 * Remove a connection, after a confirmation (components/ui/ConfirmSubmit.tsx): the stored secret goes with it and
 * cannot be shown again.
 */
import { useActionState } from "react";
import { ConfirmSubmit } from "@/components/ui/ConfirmSubmit";
import type { FormState } from "@/lib/connections/connection-input";
import styles from "./connections.module.css";

interface Props {
  connectionId: string;
  name: string;
  action: (state: FormState, formData: FormData) => Promise<FormState>;
}

export function DeleteConnectionButton({ connectionId, name, action }: Props) {
  const [state, formAction, pending] = useActionState(action, { ok: true });
  return (
    <form action={formAction}>
      <input type="hidden" name="id" value={connectionId} />
      <ConfirmSubmit
        label="Remove"
        title={<>Remove the connection &ldquo;{name}&rdquo;?</>}
        description={
          "Its stored client secret is deleted too; to use this partner service again, you would add the " +
          "connection anew with the secret."
        }
        confirm="Remove connection"
        disabled={pending}
      />
      {!state.ok && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
    </form>
  );
}
