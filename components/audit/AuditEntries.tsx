/** A page of audit entries as a table: when, who, from where, what, on which target, in words and as stored. */

import { ColumnHeads } from "@/components/data-table/ColumnHeads";
import uiStyles from "@/components/ui/ui.module.css";
import { actionLabel } from "@/lib/audit/action-labels";
import type { AuditRow } from "@/lib/audit/canonical";
import { utcDateTime } from "@/lib/clinical/common/date-time";
import styles from "./audit.module.css";
import { entrySummary } from "./entry-summary";

function Who({ row }: { row: AuditRow }) {
  if (row.actor_id !== null)
    return (
      <>
        {row.actor_email ?? "(account removed)"} <span className={styles.muted}>user {row.actor_id}</span>
      </>
    );
  // Without an actor: the users command (its operator is in the details) or an anonymous sign-in attempt.
  return <span className={styles.muted}>{row.action.startsWith("user.") ? "command line" : "anonymous"}</span>;
}

/** Each connection's name as this reader may see it (lib/audit/connection-names.ts). */
export type ConnectionNames = ReadonlyMap<string, string>;

function Target({ row, names }: { row: AuditRow; names: ConnectionNames }) {
  if (!row.connection_id && !row.study) return null;
  const name = row.connection_id ? names.get(row.connection_id) : undefined;
  return (
    <>
      {row.study && <div>{row.study}</div>}
      {row.connection_id && (
        // Unnamed for this reader: another user's connection, or an ID of none; its ID is under "As recorded".
        <div className={styles.muted}>{name === undefined ? "an unknown connection" : `connection ${name}`}</div>
      )}
    </>
  );
}

const pretty = (details: string) => {
  try {
    return JSON.stringify(JSON.parse(details), null, 2);
  } catch {
    return details;
  }
};

export function AuditEntries({ entries, names }: { entries: AuditRow[]; names: ConnectionNames }) {
  if (entries.length === 0) return <p>No entries match.</p>;
  return (
    // Scrolls sideways within its box on narrow screens (uiStyles.tableScroll); its "As recorded" are tab stops.
    <div className={uiStyles.tableScroll}>
      <table className={styles.entries} aria-label="Audit entries">
        <ColumnHeads names={["Entry", "Time (UTC)", "Who", "From", "Action", "Study", "What"]} />
        <tbody>
          {entries.map((row) => (
            <tr key={row.id} data-action={row.action}>
              <td>{row.id}</td>
              <td className={styles.time}>
                <time dateTime={row.time}>{utcDateTime(row.time, "second")}</time>
              </td>
              <td>
                <Who row={row} />
              </td>
              <td>{row.address ?? <span className={styles.muted}>unknown</span>}</td>
              <td>{actionLabel(row.action)}</td>
              <td>
                <Target row={row} names={names} />
              </td>
              <td>
                <div data-summary>{entrySummary(row)}</div>
                <details>
                  <summary>As recorded</summary>
                  <div className={styles.muted}>
                    action <code>{row.action}</code>
                    {row.connection_id && (
                      <>
                        , connection <code>{row.connection_id}</code>
                      </>
                    )}
                  </div>
                  <pre className={styles.raw}>{pretty(row.details)}</pre>
                  <div className={styles.muted}>hash {row.hash}</div>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
