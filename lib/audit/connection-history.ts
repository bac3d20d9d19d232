/**
 * What a user's own audit entries say of their connections and studies (docs/audit.md): per connection and study,
 * the newest load, partner refusal, connection test and connection change. The studies list reads it to say how a
 * connection and a study fared the last time, without asking the partner service. Only this user's entries are
 * read, and only their newest RECENT_ENTRIES of these actions, so a long history costs no more than a short one.
 */
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";

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

/**
 * The newest entry per connection, study and action of this user, for the connections given; a partner refusal
 * counts only as the partner's (study_forbidden), not the portal's own refusals.
 */
export async function connectionHistory(
  store: Store,
  userId: number,
  connectionIds: string[],
): Promise<HistoryEntry[]> {
  if (connectionIds.length === 0) return [];
  const recent = store.db
    .selectFrom("audit_log")
    .select(["id", "action", "connection_id", "study", "details"])
    .where("actor_id", "=", userId)
    .where("action", "in", ACTIONS)
    .orderBy("id", "desc")
    .limit(RECENT_ENTRIES)
    .as("recent");
  const details = sql.ref("recent.details");
  // The one JSON read: each store's own function for a member of a JSON text.
  const reason =
    store.kind === "sqlite"
      ? sql<string>`json_extract(${details}, '$.reason')`
      : sql<string>`(${details}::json ->> 'reason')`;
  const newest = store.db
    .selectFrom(recent)
    .select((eb) => eb.fn.max("recent.id").as("id"))
    .where("recent.connection_id", "in", connectionIds)
    .where((eb) => eb.or([eb("recent.action", "<>", "access.refused"), eb(reason, "=", "study_forbidden")]))
    .groupBy(["recent.connection_id", "recent.study", "recent.action"])
    .as("newest");
  const rows = await store.db
    .selectFrom("audit_log as a")
    .innerJoin(newest, "newest.id", "a.id")
    .select(["a.id", "a.time", "a.action", "a.connection_id", "a.study", "a.details"])
    .orderBy("a.id")
    .execute();
  return rows.map(({ connection_id, details, action, ...r }) => ({
    ...r,
    action: action as HistoryEntry["action"],
    // One of the IDs asked for: never null.
    connectionId: connection_id as string,
    details: JSON.parse(details) as Record<string, unknown>,
  }));
}
