/**
 * Sessions ended by signing out. A session cookie is a self-contained token, so
 * clearing it in the browser does not stop a copy of it; the session's ID stays
 * here until the token could not be valid anyway, and every read of a session
 * refuses a listed ID (lib/auth/options.ts, lib/auth/session-user.ts).
 */
import type { Database } from "better-sqlite3";

/** Rows kept at most (about 100 bytes each); a full list is never trimmed of live entries. */
export const MAX_ENDED_SESSIONS = 100_000;

/**
 * Lists a session as ended until `expiresAt` (Unix seconds), dropping entries past theirs first. False when the list
 * is full of live entries: the caller must then end the session another way.
 */
export function recordEndedSession(
  db: Database,
  sessionId: string,
  expiresAt: number,
  now: number,
  limit = MAX_ENDED_SESSIONS,
): boolean {
  return db.transaction(() => {
    db.prepare("DELETE FROM ended_sessions WHERE expires_at <= ?").run(now);
    const { n } = db.prepare("SELECT count(*) AS n FROM ended_sessions").get() as { n: number };
    if (n >= limit) return false;
    db.prepare(
      "INSERT INTO ended_sessions (session_id, expires_at) VALUES (?, ?) " +
        "ON CONFLICT (session_id) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)",
    ).run(sessionId, expiresAt);
    return true;
  })();
}

export function sessionHasEnded(db: Database, sessionId: string): boolean {
  return db.prepare("SELECT 1 FROM ended_sessions WHERE session_id = ?").get(sessionId) !== undefined;
}
