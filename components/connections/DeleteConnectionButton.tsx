"use client";
import { type FormEvent, useActionState } from "react";
import type { FormState } from "@/lib/connections/connection-input";
import styles from "./connections.module.css";

interface Props {
  connectionId: string;
  name: string;
  action: (state: FormState, formData: FormData) => Promise<FormState>;
}

export function DeleteConnectionButton({ connectionId, name, action }: Props) {
  const [state, formAction, pending] = useActionState(action, { ok: true });
  const confirmFirst = (event: FormEvent<HTMLFormElement>) => {
    // The stored secret goes with the connection and cannot be shown again, so ask first.
    if (!window.confirm(`Remove the connection "${name}"? Its stored client secret is deleted too.`))
      event.preventDefault();
  };
  return (
    <form action={formAction} onSubmit={confirmFirst}>
      <input type="hidden" name="id" value={connectionId} />
      <button type="submit" disabled={pending}>
        Remove
      </button>
      {!state.ok && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
    </form>
  );
}
