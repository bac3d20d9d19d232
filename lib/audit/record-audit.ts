/**
 * The one writer of the audit trail (docs/audit.md). An append is one SQLite transaction that reads the last entry
 * and inserts the next one, taking the write lock first, so two requests (or the server and a command) cannot both
 * append after the same entry; the table's triggers refuse anything else (lib/db/portal-migrations.ts). A failed
 * append throws: the caller's action fails with it rather than happen unrecorded.
 */
import type { Database } from "better-sqlite3";
import { type AuditInput, auditEventSchema } from "./audit-events";
import { type AuditRow, canonicalJson, entryHash, GENESIS_HASH } from "./canonical";

/** Longest source address kept (lib/http/client-address.ts keeps no longer one either). */
const MAX_ADDRESS = 64;

const addressOf = (address: string | null | undefined) =>
  address && address !== "unknown" && address.length <= MAX_ADDRESS ? address : null;

/**
 * Appends one entry and returns it as stored. Inside a caller's transaction (a change and its entry written
 * together) it joins that one, which must then have been begun IMMEDIATE (`db.transaction(fn).immediate()`).
 */
export function recordAudit(db: Database, input: AuditInput): AuditRow {
  const { actor, address } = input;
  const event = auditEventSchema.parse(input);
  const target = event as { connectionId?: string; study?: string };
  const append = db.transaction((): AuditRow => {
    const last = db.prepare("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1").get() as
      | { id: number; hash: string }
      | undefined;
    const email =
      actor === null
        ? null
        : ((db.prepare("SELECT email FROM users WHERE id = ?").get(actor) as { email: string } | undefined)?.email ??
          null);
    const row: Omit<AuditRow, "hash"> = {
      id: (last?.id ?? 0) + 1,
      time: new Date().toISOString(),
      actor_id: actor,
      actor_email: email,
      address: addressOf(address),
      action: event.action,
      connection_id: target.connectionId ?? null,
      study: target.study ?? null,
      details: canonicalJson(event.details),
      prev_hash: last?.hash ?? GENESIS_HASH,
    };
    const stored = { ...row, hash: entryHash(row) };
    db.prepare(
      `INSERT INTO audit_log (id, time, actor_id, actor_email, address, action, connection_id, study, details,
         prev_hash, hash)
       VALUES (@id, @time, @actor_id, @actor_email, @address, @action, @connection_id, @study, @details, @prev_hash,
         @hash)`,
    ).run(stored);
    return stored;
  });
  return db.inTransaction ? append() : append.immediate();
}

/** Runs `change` and the entries it records as one IMMEDIATE transaction: both are written, or neither. */
export function audited<T>(db: Database, change: () => T): T {
  return db.transaction(change).immediate();
}
