/**
 * The audit trail as JSON lines (`npm run audit -- export`): one entry a line, in ID order, streamed from SQLite.
 * Each line is the entry's canonical content with its `hash` added, itself in canonical form, so that a reader can
 * check any line alone: drop `hash`, take the HMAC under the chain key (the SHA-256 for an unkeyed entry) of the
 * rest as it stands (docs/audit.md).
 */
import type { Database } from "better-sqlite3";
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

/** The entries whose time is within the range, oldest first, each as one line of canonical JSON. */
export function* exportLines(db: Database, range: TimeRange): Generator<string> {
  const rows = db
    .prepare(
      `SELECT * FROM audit_log
       WHERE (@from IS NULL OR time >= @from) AND (@to IS NULL OR time < @to)
       ORDER BY id`,
    )
    .iterate({ from: range.from ?? null, to: range.toExclusive ?? null }) as Iterable<AuditRow>;
  for (const row of rows) yield `${canonicalJson(exportedEntry(row))}\n`;
}
