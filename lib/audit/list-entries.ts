/**
 * One page of audit entries, newest first, for the admin page and a user's own activity page. Paging is by entry
 * ID (keyset: "older than entry N", "newer than entry N"), so a page costs the same however deep it is and the
 * whole table is never read; each filter has its index (lib/store/sqlite-migrations.ts,
 * lib/store/postgres-migrations.ts).
 * The same query builder calls for either store, values only ever as parameters.
 */
import type { ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { Store } from "@/lib/store/store";
import type { PortalTables } from "@/lib/store/tables";
import type { AuditAction } from "./audit-events";
import type { AuditRow } from "./canonical";

export const PAGE_SIZE = 50;
/** Matches counted at most: the count says "more than" beyond it rather than reading on. */
export const COUNT_LIMIT = 10_000;

export interface AuditFilters {
  /** An actor's user ID, or "none" for entries without one (anonymous sign-in attempts, the command line). */
  user?: number | "none";
  action?: AuditAction;
  study?: string;
  /** ISO times, from inclusive, toExclusive exclusive (lib/audit/time-range.ts). */
  from?: string;
  toExclusive?: string;
}

/** Which page: the newest, those older than an entry ID, or those newer than one. */
export type AuditCursor = { older: number } | { newer: number } | undefined;

export interface AuditPage {
  entries: AuditRow[];
  /** The cursor of the next older page, when there are older entries. */
  older?: number;
  /** The cursor of the next newer page, when there are newer entries. */
  newer?: number;
  /** Entries matching the filters, counted up to COUNT_LIMIT (then "more than COUNT_LIMIT"). */
  matching: number;
}

type Entries = SelectQueryBuilder<PortalTables, "audit_log", AuditRow>;

/** The filters as one condition (true when there are none). */
function whereOf(f: AuditFilters) {
  return (eb: ExpressionBuilder<PortalTables, "audit_log">) => {
    const parts = [];
    if (f.user === "none") parts.push(eb("actor_id", "is", null));
    else if (f.user !== undefined) parts.push(eb("actor_id", "=", f.user));
    if (f.action !== undefined) parts.push(eb("action", "=", f.action));
    if (f.study !== undefined) parts.push(eb("study", "=", f.study));
    if (f.from !== undefined) parts.push(eb("time", ">=", f.from));
    if (f.toExclusive !== undefined) parts.push(eb("time", "<", f.toExclusive));
    return eb.and(parts);
  };
}

export async function listAuditEntries(
  store: Store,
  filters: AuditFilters,
  cursor: AuditCursor,
  size = PAGE_SIZE,
): Promise<AuditPage> {
  const matchingRows: Entries = store.db.selectFrom("audit_log").selectAll().where(whereOf(filters));
  const select = (order: "asc" | "desc", limit: number, at?: { than: "<" | ">"; id: number }) =>
    (at ? matchingRows.where("id", at.than, at.id) : matchingRows).orderBy("id", order).limit(limit).execute();
  const exists = async (than: "<" | ">", id: number) => (await select("desc", 1, { than, id })).length > 0;
  const counted = await store.db
    .selectFrom(
      store.db
        .selectFrom("audit_log")
        .select("id")
        .where(whereOf(filters))
        .limit(COUNT_LIMIT + 1)
        .as("m"),
    )
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  // count(*) is BIGINT in PostgreSQL, read as a number by the store (lib/store/postgres-store.ts).
  const matching = Number(counted.n);
  if (cursor && "newer" in cursor) {
    const rows = await select("asc", size + 1, { than: ">", id: cursor.newer });
    const more = rows.length > size;
    const entries = rows.slice(0, size).reverse();
    const last = entries.at(-1);
    return {
      entries,
      newer: more ? entries[0]?.id : undefined,
      older: last && (await exists("<", last.id)) ? last.id : undefined,
      matching,
    };
  }
  const rows = await select("desc", size + 1, cursor && { than: "<", id: cursor.older });
  const more = rows.length > size;
  const entries = rows.slice(0, size);
  const first = entries[0];
  return {
    entries,
    older: more ? entries.at(-1)?.id : undefined,
    newer: first && (await exists(">", first.id)) ? first.id : undefined,
    matching,
  };
}
