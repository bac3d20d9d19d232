/**
 * What a user's own audit entries say of their connections and studies (docs/audit.md): per connection and study,
 * the newest load, partner refusal, connection test and connection change. The studies list reads it to say how a
 * connection and a study fared the last time, without asking the partner service. Only this user's entries are
 * read, and only their newest RECENT_ENTRIES of these actions, so a long history costs no more than a short one.
 */
import type { Database } from "better-sqlite3";

/** The user's newest entries of these actions read at most; older facts read as never tried. */
export const RECENT_ENTRIES = 5_000;

const ACTIONS = ["study.load", "access.refused", "connection.test", "connection.update"] as const;

/** One of the newest entries: its ID orders it against the others (the trail's IDs only grow). */
export interface HistoryEntry {
  id: number;
  time: string;
  action: (typeof ACTIONS)[number];
  connectionId: string;
  study: string | null;
  /** The entry's details, parsed (lib/audit/audit-events.ts gives their shape per action). */
  details: Record<string, unknown>;
}

type Row = { id: number; time: string; action: HistoryEntry["action"]; connection_id: string; study: string | null };

/**
 * The newest entry per connection, study and action of this user, for the connections given; a partner refusal
 * counts only as the partner's (study_forbidden), not the portal's own refusals.
 */
export function connectionHistory(db: Database, userId: number, connectionIds: string[]): HistoryEntry[] {
  if (connectionIds.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT a.id, a.time, a.action, a.connection_id, a.study, a.details FROM audit_log a JOIN (
         SELECT max(id) AS id FROM (
           SELECT id, action, connection_id, study, details FROM audit_log
           WHERE actor_id = ? AND action IN (${ACTIONS.map(() => "?").join(", ")})
           ORDER BY id DESC LIMIT ?
         )
         WHERE connection_id IN (SELECT value FROM json_each(?))
           AND (action <> 'access.refused' OR json_extract(details, '$.reason') = 'study_forbidden')
         GROUP BY connection_id, study, action
       ) newest ON a.id = newest.id
       ORDER BY a.id`,
    )
    .all(userId, ...ACTIONS, RECENT_ENTRIES, JSON.stringify(connectionIds)) as (Row & { details: string })[];
  return rows.map(({ connection_id, details, ...r }) => ({
    ...r,
    connectionId: connection_id,
    details: JSON.parse(details) as Record<string, unknown>,
  }));
}
