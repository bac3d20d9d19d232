/**
 * The audit trail as JSON lines (`npm run audit -- export`): one entry a line, in ID order, read from either store
 * in batches (never all in memory).
 * Each line is the entry's canonical content with its `hash` added, itself in canonical form, so that a reader can
 * check any line alone: drop `hash`, take the HMAC under the chain key (the SHA-256 for an unkeyed entry) of the
 * rest as it stands (docs/audit.md).
 */
import type { Store } from "@/lib/store/store";
import { type AuditRow, canonicalJson } from "./canonical";
import type { TimeRange } from "./time-range";

/**
 * One entry as an exported object: the columns, `details` as the JSON value it holds; `key_id` only in a keyed
 * entry, as in its canonical content (lib/audit/canonical.ts).
 */
export function exportedEntry(row: AuditRow): Record<string, unknown> {
  const { key_id, ...columns } = row;
  return { ...columns, ...(key_id == null ? {} : { key_id }), details: JSON.parse(row.details) as unknown };
}

/** Entries read at once. */
export const EXPORT_BATCH = 1000;

/** The entries whose time is within the range, oldest first, each as one line of canonical JSON. */
export async function* exportLines(store: Store, range: TimeRange): AsyncGenerator<string> {
  let afterId = 0;
  for (;;) {
    let batch = store.db.selectFrom("audit_log").selectAll().where("id", ">", afterId);
    if (range.from !== undefined) batch = batch.where("time", ">=", range.from);
    if (range.toExclusive !== undefined) batch = batch.where("time", "<", range.toExclusive);
    const rows: AuditRow[] = await batch.orderBy("id").limit(EXPORT_BATCH).execute();
    for (const row of rows) yield `${canonicalJson(exportedEntry(row))}\n`;
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows[rows.length - 1].id;
  }
}
