/**
 * The names of the connections a page of audit entries names, as its reader may see them (docs/audit.md, Pages): an
 * administrator every connection's, a user only those of their own connections. A connection's name is its owner's
 * data: an entry of a user that names another user's connection (a refused access) shows no name. A removed
 * connection is named by the last name its own entries recorded (`connection.create`, `update`, `delete`), read
 * only from the reader's own entries unless the reader is an administrator. Values reach SQL as parameters only.
 */
import type { Database } from "better-sqlite3";

export interface AuditReader {
  userId: number;
  admin: boolean;
}

const NAMED_ACTIONS = "('connection.create', 'connection.update', 'connection.delete')";

/** Each named connection's ID to its name, for the connections of these IDs (null: none) the reader may see. */
export function connectionNames(
  db: Database,
  ids: readonly (string | null)[],
  reader: AuditReader,
): Map<string, string> {
  const names = new Map<string, string>();
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return names;
  const marks = wanted.map(() => "?").join(", ");
  const own = reader.admin ? "" : " AND actor_id = ?";
  const owner = reader.admin ? [] : [reader.userId];
  // Names recorded by the connections' own entries first (oldest to newest), so that a stored name wins below.
  const recorded = db
    .prepare(
      `SELECT connection_id, details FROM audit_log WHERE action IN ${NAMED_ACTIONS}` +
        ` AND connection_id IN (${marks})${own} ORDER BY audit_log.id`,
    )
    .all(...wanted, ...owner) as { connection_id: string; details: string }[];
  for (const r of recorded) {
    const name = nameIn(r.details);
    if (name !== null) names.set(r.connection_id, name);
  }
  const stored = db
    .prepare(`SELECT id, name FROM connections WHERE id IN (${marks})${reader.admin ? "" : " AND user_id = ?"}`)
    .all(...wanted, ...owner) as { id: string; name: string }[];
  for (const c of stored) names.set(c.id, c.name);
  return names;
}

function nameIn(details: string): string | null {
  try {
    const name = (JSON.parse(details) as { name?: unknown }).name;
    return typeof name === "string" ? name : null;
  } catch {
    return null;
  }
}
