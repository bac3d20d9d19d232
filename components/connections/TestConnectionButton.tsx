"use client";
import { useActionState } from "react";
import type { ConnectionTestReport, TestState } from "@/lib/connections/connection-input";
import styles from "./connections.module.css";

interface Props {
  connectionId: string;
  action: (state: TestState, formData: FormData) => Promise<TestState>;
}

function Report({ report }: { report: ConnectionTestReport }) {
  if (!report.connected) return <p className={styles.error}>{report.message}</p>;
  return (
    <ul className={styles.report}>
      {report.studies.map((s) => (
        <li key={s.study} data-study={s.study}>
          <strong>{s.study}</strong>:{" "}
          {s.status === "accessible" ? (
            <span className={styles.ok}>
              accessible, {s.subjects} {s.subjects === 1 ? "subject" : "subjects"}
            </span>
          ) : (
            <span className={styles.error}>
              {s.status === "forbidden" ? "forbidden" : "error"}. {s.message}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function TestConnectionButton({ connectionId, action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction}>
      <input type="hidden" name="id" value={connectionId} />
      <button type="submit" disabled={pending}>
        {pending ? "Testing…" : "Test connection"}
      </button>
      <div role="status" aria-live="polite">
        {pending && <p className={styles.hint}>Asking the partner service…</p>}
        {!pending &&
          state &&
          (state.ok ? <Report report={state.report} /> : <p className={styles.error}>{state.message}</p>)}
      </div>
    </form>
  );
}
