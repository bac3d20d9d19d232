/**
 * A connection ID the signed-in user does not own, in the audit trail (access.refused): another user's, or one
 * that does not exist. The user is answered the same either way ("no such connection", or 404); only the trail
 * tells them apart.
 */
import type { Database } from "better-sqlite3";
import type { AuditEvent } from "@/lib/audit/audit-events";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Requester } from "@/lib/audit/request-address";
import { connectionExists } from "@/lib/db/connections";

type Via = Extract<AuditEvent, { action: "access.refused" }>["details"]["via"];

/** Longest connection ID the trail keeps of a refused one (a real one is a UUID). */
const MAX_ID = 128;

export function recordRefusedConnection(
  db: Database,
  who: Requester,
  connectionId: string,
  via: Via,
  study?: string,
): void {
  const reason = connectionExists(db, connectionId) ? "other_users_connection" : "unknown_connection";
  recordAudit(db, {
    actor: who.userId,
    address: who.address,
    action: "access.refused",
    connectionId: connectionId ? connectionId.slice(0, MAX_ID) : undefined,
    study,
    details: { reason, via },
  });
}
