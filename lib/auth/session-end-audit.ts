/**
 * A session the server ends at a request, in the audit trail: its 12-hour limit passed, its account is gone or
 * disabled, or a password reset or role change ended the account's sessions. A cookie that still holds such a
 * session comes back with every request until the browser drops it, so each session's end is recorded once per
 * process (a bounded list of the session IDs recorded; after a restart, once more at most).
 */
import { recordAudit } from "@/lib/audit/record-audit";
import { requestAddress } from "@/lib/audit/request-address";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";

export type ServerEnd = "lifetime" | "account_missing" | "account_disabled" | "sessions_ended";

const MAX_NOTED = 10_000;
const noted = () => processSingleton("sessionEndsRecorded", () => new Set<string>());

export async function recordSessionEnded(
  store: Store,
  session: { uid: number; sid: string },
  reason: ServerEnd,
): Promise<void> {
  const seen = noted();
  if (seen.has(session.sid)) return;
  const address = await requestAddress();
  try {
    await recordAudit(store, { actor: session.uid, address, action: "auth.session_ended", details: { reason } });
  } catch (err) {
    // The session ends all the same; what could not be written is in the server log.
    console.error("audit: a session's end could not be recorded:", err instanceof Error ? err.message : "unknown");
    return;
  }
  seen.add(session.sid);
  if (seen.size > MAX_NOTED) seen.delete(seen.values().next().value as string);
}
