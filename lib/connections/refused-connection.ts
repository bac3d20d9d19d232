/**
 * A connection ID the signed-in user does not own, in the audit trail (access.refused): another user's, or one
 * that does not exist. The user is answered the same either way ("no such connection", or 404); only the trail
 * tells them apart. Aggregated per user, reason, via and minute (lib/audit/record-refusal.ts).
 */
import { type AccessRefusal, recordAccessRefusal } from "@/lib/audit/record-refusal";
import type { Requester } from "@/lib/audit/request-address";
import { connectionExists } from "@/lib/db/connections";
import type { Store } from "@/lib/store/store";

/** Longest connection ID the trail keeps of a refused one (a real one is a UUID). */
const MAX_ID = 128;

export async function recordRefusedConnection(
  store: Store,
  who: Requester,
  connectionId: string,
  via: AccessRefusal["via"],
  study?: string,
): Promise<void> {
  const reason = (await connectionExists(store, connectionId)) ? "other_users_connection" : "unknown_connection";
  await recordAccessRefusal(store, {
    actor: who.userId,
    address: who.address,
    reason,
    via,
    connectionId: connectionId ? connectionId.slice(0, MAX_ID) : undefined,
    study,
  });
}
