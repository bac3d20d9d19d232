import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";
import type { FormState, TestState } from "@/lib/connections/connection-input";
import type { Connection } from "@/lib/db/connections";
import styles from "./connections.module.css";
import { DeleteConnectionButton } from "./DeleteConnectionButton";
import { TestConnectionButton } from "./TestConnectionButton";

interface Props {
  connection: Connection;
  testAction: (state: TestState, formData: FormData) => Promise<TestState>;
  deleteAction: (state: FormState, formData: FormData) => Promise<FormState>;
}

/** One connection on the settings page; it has no secret to show, by construction. */
export function ConnectionCard({ connection: c, testAction, deleteAction }: Props) {
  const headingId = `connection-${c.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId} data-connection-id={c.id}>
      <h2 id={headingId}>{c.name}</h2>
      <dl className={styles.details}>
        <dt>Base URL</dt>
        <dd>{c.baseUrl}</dd>
        <dt>Partner ID</dt>
        <dd>{c.partnerId}</dd>
        <dt>Client ID</dt>
        <dd>{c.clientId}</dd>
        <dt>Client secret</dt>
        <dd>stored, not shown</dd>
        <dt>Studies</dt>
        <dd>{c.studies.join(", ")}</dd>
      </dl>
      <div className={styles.actions}>
        <Link href={`/settings/connections/${c.id}/edit`} className={uiStyles.button}>
          Edit
        </Link>
        <DeleteConnectionButton connectionId={c.id} name={c.name} action={deleteAction} />
        <TestConnectionButton connectionId={c.id} partnerId={c.partnerId} action={testAction} />
      </div>
    </li>
  );
}
