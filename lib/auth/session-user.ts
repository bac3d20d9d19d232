/**
 * From a next-auth session to the signed-in user, re-checked against the
 * database and the lifetime rules on every request: a disabled account, a
 * session from before the account's last password reset or role change, or
 * one past its limits or signed out is no user, whatever the cookie says.
 */
import { z } from "zod";
import { sessionHasEnded } from "@/lib/db/ended-sessions";
import { findUser, type User } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { sessionState } from "./session-lifetime";

export type SessionUser = { id: number; email: string; name: string; role: "user" | "admin" };

const sessionSchema = z.object({
  user: z.object({ id: z.number().int().positive() }),
  authTime: z.number(),
  lastSeen: z.number(),
  epoch: z.number().int().nonnegative(),
  sid: z.uuid(),
});

/**
 * Whether a session signed in under `epoch` still stands: the account exists, is enabled, and nothing has ended its
 * sessions since.
 */
export function stillSignedIn(user: User | undefined, epoch: number): user is User {
  return user !== undefined && !user.disabled && user.sessionEpoch === epoch;
}

export async function userForSession(store: Store, session: unknown, now: number): Promise<SessionUser | null> {
  const s = sessionSchema.safeParse(session);
  if (!s.success || sessionState(s.data, now) !== "active") return null;
  const user = await findUser(store, s.data.user.id);
  if (!stillSignedIn(user, s.data.epoch) || (await sessionHasEnded(store, s.data.sid))) return null;
  // Email, name and role come from the database, so a change applies at the next request.
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
