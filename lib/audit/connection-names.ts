/**
 * The names of the connections a page of audit entries names, as its reader may see them (docs/audit.md, Pages): an
 * administrator every connection's, a user only those of their own connections. A connection's name is its owner's
 * data: an entry of a user that names another user's connection (a refused access) shows no name. A removed
 * connection is named by the last name its own entries recorded (`connection.create`, `update`, `delete`), read
 * only from the reader's own entries unless the reader is an administrator. Values reach SQL as parameters only.
 */
import type { Store } from "@/lib/store/store";

export interface AuditReader {
  userId: number;
  admin: boolean;
}

const NAMED_ACTIONS = ["connection.create", "connection.update", "connection.delete"];

/** Each named connection's ID to its name, for the connections of these IDs (null: none) the reader may see. */
export async function connectionNames(
  store: Store,
  ids: readonly (string | null)[],
  reader: AuditReader,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return names;
  // Names recorded by the connections' own entries first (oldest to newest), so that a stored name wins below.
  let recorded = store.db
    .selectFrom("audit_log")
    .select(["connection_id", "details"])
    .where("action", "in", NAMED_ACTIONS)
    .where("connection_id", "in", wanted);
  if (!reader.admin) recorded = recorded.where("actor_id", "=", reader.userId);
  for (const r of await recorded.orderBy("id").execute()) {
    const name = nameIn(r.details);
    if (r.connection_id !== null && name !== null) names.set(r.connection_id, name);
  }
  let stored = store.db.selectFrom("connections").select(["id", "name"]).where("id", "in", wanted);
  if (!reader.admin) stored = stored.where("user_id", "=", reader.userId);
  for (const c of await stored.execute()) names.set(c.id, c.name);
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
