/**
 * One page of audit entries, newest first, for the admin page and a user's own activity page. Paging is by entry
 * ID (keyset: "older than entry N", "newer than entry N"), so a page costs the same however deep it is and the
 * whole table is never read; each filter has its index (lib/db/portal-migrations.ts). Values only ever reach SQL
 * as parameters.
 */
import type { Database } from "better-sqlite3";
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

function whereOf(f: AuditFilters): { sql: string; params: Record<string, string | number> } {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (f.user === "none") parts.push("actor_id IS NULL");
  else if (f.user !== undefined) {
    parts.push("actor_id = @user");
    params.user = f.user;
  }
  const equal = { action: f.action, study: f.study };
  for (const [column, value] of Object.entries(equal))
    if (value !== undefined) {
      parts.push(`${column} = @${column}`);
      params[column] = value;
    }
  if (f.from !== undefined) {
    parts.push("time >= @from");
    params.from = f.from;
  }
  if (f.toExclusive !== undefined) {
    parts.push("time < @to");
    params.to = f.toExclusive;
  }
  return { sql: parts.length ? parts.join(" AND ") : "1", params };
}

export function listAuditEntries(
  db: Database,
  filters: AuditFilters,
  cursor: AuditCursor,
  size = PAGE_SIZE,
): AuditPage {
  const { sql, params } = whereOf(filters);
  const select = (extra: string, order: "ASC" | "DESC", limit: number, at?: number) =>
    db
      .prepare(`SELECT * FROM audit_log WHERE ${sql}${extra} ORDER BY id ${order} LIMIT ${limit}`)
      .all({ ...params, ...(at === undefined ? {} : { at }) }) as AuditRow[];
  const exists = (extra: string, at: number) => select(extra, "DESC", 1, at).length > 0;
  const matching = (
    db
      .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM audit_log WHERE ${sql} LIMIT ${COUNT_LIMIT + 1})`)
      .get(params) as { n: number }
  ).n;
  let entries: AuditRow[];
  let more: boolean;
  if (cursor && "newer" in cursor) {
    const rows = select(" AND id > @at", "ASC", size + 1, cursor.newer);
    more = rows.length > size;
    entries = rows.slice(0, size).reverse();
    const last = entries.at(-1);
    return {
      entries,
      newer: more ? entries[0]?.id : undefined,
      older: last && exists(" AND id < @at", last.id) ? last.id : undefined,
      matching,
    };
  }
  const rows = cursor ? select(" AND id < @at", "DESC", size + 1, cursor.older) : select("", "DESC", size + 1);
  more = rows.length > size;
  entries = rows.slice(0, size);
  const first = entries[0];
  return {
    entries,
    older: more ? entries.at(-1)?.id : undefined,
    newer: first && exists(" AND id > @at", first.id) ? first.id : undefined,
    matching,
  };
}
