/**
 * The one writer of the audit trail (docs/audit.md). An append is one SQLite transaction that reads the last entry
 * and inserts the next one, taking the write lock first, so two requests (or the server and a command) cannot both
 * append after the same entry; the table's triggers refuse anything else (lib/db/portal-migrations.ts). Each hash is
 * an HMAC under the audit key (lib/audit/audit-key.ts), which the database does not hold. A failed append throws:
 * the caller's action fails with it rather than happen unrecorded (AuditUnavailableError when storage is the cause).
 */
import type { Database } from "better-sqlite3";
import { type AuditInput, auditEventSchema } from "./audit-events";
import { type AuditKeys, auditKeys } from "./audit-key";
import { type AuditRow, canonicalJson, GENESIS_HASH, keyedEntryHash } from "./canonical";
import { checkpointAfterAppend } from "./checkpointer";
import { AuditUnavailableError, logUnavailable, storageFailureCode } from "./unavailable";

/** Longest source address kept (lib/http/client-address.ts keeps no longer one either). */
const MAX_ADDRESS = 64;

const addressOf = (address: string | null | undefined) =>
  address && address !== "unknown" && address.length <= MAX_ADDRESS ? address : null;

/**
 * Appends one entry and returns it as stored. Inside a caller's transaction (a change and its entry written
 * together) it joins that one, which must then have been begun IMMEDIATE (`db.transaction(fn).immediate()`).
 * `keys` are the process's (from PORTAL_SECRET_KEY) unless given.
 */
export function recordAudit(db: Database, input: AuditInput, keys: AuditKeys = auditKeys()): AuditRow {
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
      key_id: keys.keyId,
    };
    const stored = { ...row, hash: keyedEntryHash(row, keys.chain) };
    db.prepare(
      `INSERT INTO audit_log (id, time, actor_id, actor_email, address, action, connection_id, study, details,
         prev_hash, hash, key_id)
       VALUES (@id, @time, @actor_id, @actor_email, @address, @action, @connection_id, @study, @details, @prev_hash,
         @hash, @key_id)`,
    ).run(stored);
    return stored;
  });
  let stored: AuditRow;
  try {
    stored = db.inTransaction ? append() : append.immediate();
  } catch (err) {
    const code = storageFailureCode(err);
    if (!code) throw err;
    logUnavailable(code, `the ${event.action} entry`);
    throw new AuditUnavailableError(code);
  }
  checkpointAfterAppend(db, keys);
  return stored;
}

/**
 * Runs `change` and the entries it records as one IMMEDIATE transaction: both are written, or neither. A database
 * that cannot take the write (at the lock, the change, or the commit) is AuditUnavailableError here too.
 */
export function audited<T>(db: Database, change: () => T): T {
  try {
    return db.transaction(change).immediate();
  } catch (err) {
    const code = storageFailureCode(err);
    if (!code || err instanceof AuditUnavailableError) throw err;
    logUnavailable(code, "a change with its entry");
    throw new AuditUnavailableError(code);
  }
}
