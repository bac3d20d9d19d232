/**
 * The audit pages' filters as a plain GET form, so the filters live in the URL (lib/audit/audit-query.ts checks
 * them). The user choice is offered on the administrators' page only.
 */
import Link from "next/link";
import { ACTION_LABELS } from "@/lib/audit/action-labels";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-events";
import type { AuditQuery } from "@/lib/audit/audit-query";
import styles from "./audit.module.css";

export interface UserChoice {
  id: number;
  email: string;
}

interface Props {
  base: string;
  shown: AuditQuery["shown"];
  /** The accounts to choose from; absent on a page of one user's own entries. */
  users?: UserChoice[];
}

export function AuditFilterForm({ base, shown, users }: Props) {
  return (
    <form method="get" action={base} className={styles.filters} aria-label="Filters">
      {users && (
        <div>
          <label htmlFor="audit-user">User</label>
          <select id="audit-user" name="user" defaultValue={shown.user ?? ""}>
            <option value="">Every user</option>
            <option value="none">No user (anonymous, command line)</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" name="action" defaultValue={shown.action ?? ""}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-study">Study</label>
        <input id="audit-study" name="study" defaultValue={shown.study ?? ""} placeholder="ONC-101" size={12} />
      </div>
      <div>
        <label htmlFor="audit-from">From (UTC)</label>
        <input id="audit-from" name="from" type="date" defaultValue={shown.from?.slice(0, 10) ?? ""} />
      </div>
      <div>
        <label htmlFor="audit-to">To (UTC)</label>
        <input id="audit-to" name="to" type="date" defaultValue={shown.to?.slice(0, 10) ?? ""} />
      </div>
      <button type="submit">Apply</button>
      <Link href={base}>Clear filters</Link>
    </form>
  );
}
