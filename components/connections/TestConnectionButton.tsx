"use client";
import Link from "next/link";
import { useActionState } from "react";
import type { ConnectionTestReport, TestState } from "@/lib/connections/connection-input";
import { studyPath } from "@/lib/study/study-route";
import styles from "./connections.module.css";
import { failureText, refusedText, studyCheckText } from "./test-report";

interface Props {
  connectionId: string;
  /** Named when a study is not granted to it. */
  partnerId: string;
  action: (state: TestState, formData: FormData) => Promise<TestState>;
}

function Report({ report, connectionId, partnerId }: { report: ConnectionTestReport } & Omit<Props, "action">) {
  if (!report.connected) return <p className={styles.error}>{failureText(report.failure, partnerId)}</p>;
  return (
    <ul className={styles.report}>
      {report.studies.map((s) => (
        <li key={s.study} data-study={s.study}>
          <strong>
            {/* A study that answered leads to its records: the study's own page. */}
            {s.status === "accessible" ? (
              <Link href={studyPath({ connectionId, study: s.study })}>{s.study}</Link>
            ) : (
              s.study
            )}
          </strong>
          : <span className={s.status === "accessible" ? styles.ok : styles.error}>{studyCheckText(s, partnerId)}</span>
        </li>
      ))}
    </ul>
  );
}

export function TestConnectionButton({ connectionId, partnerId, action }: Props) {
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
          (state.ok ? (
            <Report report={state.report} connectionId={connectionId} partnerId={partnerId} />
          ) : (
            <p className={styles.error}>{refusedText(state, partnerId)}</p>
          ))}
      </div>
    </form>
  );
}
