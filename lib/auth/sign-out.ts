/**
 * Signing out ends the session on the server, not only in the browser: the
 * session's ID (the `sid` claim, kept through refreshes) is listed as ended
 * (lib/db/ended-sessions.ts) until its 12-hour limit has passed, and both
 * session checks refuse a listed ID. Only that session ends; the user's other
 * sessions stay, unless the list is full, when all of them end instead. The
 * sign-out is recorded in the audit trail.
 */
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { recordEndedSession } from "@/lib/db/ended-sessions";
import { endAllSessions } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { ABSOLUTE_LIFETIME_SECONDS } from "./session-lifetime";

/** Beyond the 12-hour limit: next-auth's decoding tolerates 15 s of clock skew, the lifetime check 5 s. */
const MARGIN_SECONDS = 60;

const endingSchema = z.object({ uid: z.number().int().positive(), sid: z.uuid(), authTime: z.number() });

/** next-auth's signOut event: `token` is the decoded session cookie (anything, when it was not one of ours). */
export async function endSession(
  store: Store,
  token: unknown,
  now: number,
  address: string | null = null,
): Promise<void> {
  const t = endingSchema.safeParse(token);
  if (!t.success) return;
  const until = t.data.authTime + ABSOLUTE_LIFETIME_SECONDS + MARGIN_SECONDS;
  if (!(await recordEndedSession(store, t.data.sid, until, now))) await endAllSessions(store, t.data.uid);
  // After the session has ended: a trail that cannot be written must not keep a session open.
  await recordAudit(store, { actor: t.data.uid, address, action: "auth.sign_out", details: {} });
}
