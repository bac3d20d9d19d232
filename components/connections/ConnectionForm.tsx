"use client";
/**
 * Add or edit a partner connection. The stored client secret is never sent
 * to the browser: when editing, the field starts empty and a blank field
 * keeps the stored secret, unless the base URL or client ID changed.
 */
import Link from "next/link";
import { useActionState } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import type { FormField, FormState } from "@/lib/connections/connection-input";
import type { Connection } from "@/lib/db/connections";
import styles from "./connections.module.css";
import { Field, fieldAria } from "./Field";

/** What the form shows of a stored connection: everything but the secret and the timestamps. */
type ConnectionFormValues = Omit<Connection, "createdAt" | "updatedAt">;

interface Props {
  action: (state: FormState, formData: FormData) => Promise<FormState>;
  /** The connection being edited (without its secret); absent for a new one. */
  connection?: ConnectionFormValues;
}

type TextField = Exclude<FormField, "clientSecret" | "studies">;
const TEXT_FIELDS: [TextField, string, string][] = [
  ["name", "Name", "text"],
  ["baseUrl", "Base URL", "url"],
  ["partnerId", "Partner ID", "text"],
  ["clientId", "Client ID", "text"],
];
const STUDIES_HINT = "The studies you work on, separated by commas or spaces (e.g. ONC-101, CARD-201).";
const SECRET_HINT = "Leave blank to keep the stored secret (a changed base URL or client ID needs it entered again).";

export function ConnectionForm({ action, connection }: Props) {
  const [state, formAction, pending] = useActionState(action, { ok: true } as FormState);
  const errors = (field: FormField) => (state.ok ? undefined : state.fieldErrors[field]);
  // After a refused submission, show what was typed (the server sends it back, except the secret).
  const typed = state.ok ? undefined : state.values;
  const editing = connection !== undefined;

  return (
    <form action={formAction} className={styles.form} key={JSON.stringify(typed ?? null)}>
      {connection && <input type="hidden" name="id" value={connection.id} />}
      {!state.ok && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
      {TEXT_FIELDS.map(([name, label, type]) => (
        <Field key={name} name={name} label={label} errors={errors(name)}>
          <input
            id={name}
            name={name}
            type={type}
            defaultValue={typed?.[name] ?? connection?.[name] ?? ""}
            required
            {...fieldAria(name, false, errors(name))}
          />
        </Field>
      ))}
      <SecretField editing={editing} errors={errors("clientSecret")} />
      <Field name="studies" label="Study numbers" hint={STUDIES_HINT} errors={errors("studies")}>
        <textarea
          id="studies"
          name="studies"
          rows={2}
          defaultValue={typed?.studies ?? connection?.studies.join(", ") ?? ""}
          required
          {...fieldAria("studies", true, errors("studies"))}
        />
      </Field>
      <p>
        <button type="submit" className={uiStyles.buttonPrimary} disabled={pending}>
          {pending ? "Saving…" : editing ? "Save changes" : "Add connection"}
        </button>{" "}
        <Link href="/settings/connections">Cancel</Link>
      </p>
    </form>
  );
}

/** The client secret: never shown; when editing, blank keeps the stored one. */
function SecretField({ editing, errors }: { editing: boolean; errors: string[] | undefined }) {
  return (
    <Field name="clientSecret" label="Client secret" hint={editing ? SECRET_HINT : undefined} errors={errors}>
      <input
        id="clientSecret"
        name="clientSecret"
        type="password"
        autoComplete="off"
        placeholder={editing ? "•••••••• (stored)" : undefined}
        required={!editing}
        {...fieldAria("clientSecret", editing, errors)}
      />
    </Field>
  );
}
