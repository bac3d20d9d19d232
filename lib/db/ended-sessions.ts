/**
 * Sessions ended by signing out. A session cookie is a self-contained token, so
 * clearing it in the browser does not stop a copy of it; the session's ID stays
 * here until the token could not be valid anyway, and every read of a session
 * refuses a listed ID (lib/auth/options.ts, lib/auth/session-user.ts).
 */
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";

/** Rows kept at most (about 100 bytes each); a full list is never trimmed of live entries. */
export const MAX_ENDED_SESSIONS = 100_000;

/**
 * Lists a session as ended until `expiresAt` (Unix seconds), dropping entries past theirs first. False when the list
 * is full of live entries: the caller must then end the session another way.
 */
export async function recordEndedSession(
  store: Store,
  sessionId: string,
  expiresAt: number,
  now: number,
  limit = MAX_ENDED_SESSIONS,
): Promise<boolean> {
  return store.write(async (tx) => {
    // SQLite's write holds the file's lock from the start; in PostgreSQL two sign-outs at once would both count
    // below the limit, so the count and the insert hold the table against other writers (readers go on).
    if (tx.kind === "postgres") await sql`LOCK TABLE ended_sessions IN SHARE ROW EXCLUSIVE MODE`.execute(tx.db);
    await tx.db.deleteFrom("ended_sessions").where("expires_at", "<=", now).execute();
    const { n } = await tx.db
      .selectFrom("ended_sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (Number(n) >= limit) return false;
    await tx.db
      .insertInto("ended_sessions")
      .values({ session_id: sessionId, expires_at: expiresAt })
      // Ending a session again keeps the later expiry (CASE: SQLite's two-argument max() is not PostgreSQL's).
      .onConflict((oc) =>
        oc.column("session_id").doUpdateSet((eb) => ({
          expires_at: eb
            .case()
            .when("excluded.expires_at", ">", eb.ref("ended_sessions.expires_at"))
            .then(eb.ref("excluded.expires_at"))
            .else(eb.ref("ended_sessions.expires_at"))
            .end(),
        })),
      )
      .execute();
    return true;
  });
}

export async function sessionHasEnded(store: Store, sessionId: string): Promise<boolean> {
  const row = await store.db
    .selectFrom("ended_sessions")
    .select("session_id")
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return row !== undefined;
}
