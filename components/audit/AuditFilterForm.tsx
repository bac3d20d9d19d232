/**
 * The audit pages' filters as a plain GET form, so the filters live in the URL (lib/audit/audit-query.ts checks
 * them). The user choice is offered on the administrators' page only.
 */
import Link from "next/link";
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
        <label>
          User
          <select name="user" defaultValue={shown.user ?? ""}>
            <option value="">Every user</option>
            <option value="none">No user (anonymous, command line)</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Action
        <select name="action" defaultValue={shown.action ?? ""}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label>
        Study
        <input name="study" defaultValue={shown.study ?? ""} placeholder="ONC-101" size={12} />
      </label>
      <label>
        From (UTC)
        <input name="from" type="date" defaultValue={shown.from?.slice(0, 10) ?? ""} />
      </label>
      <label>
        To (UTC)
        <input name="to" type="date" defaultValue={shown.to?.slice(0, 10) ?? ""} />
      </label>
      <button type="submit">Apply</button>
      <Link href={base}>Clear filters</Link>
    </form>
  );
}
