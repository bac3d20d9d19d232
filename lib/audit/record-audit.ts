/**
 * The one writer of the audit trail (docs/audit.md). An append is one write of the store that holds the audit
 * chain's lock (`lockAuditChain`: SQLite's write lock, PostgreSQL's lock on the table), reads the last entry and
 * inserts the next one, so two requests, two instances, or the server and a command cannot both append after the
 * same entry; the table's triggers refuse anything else (docs/store.md). Each hash is an HMAC under the audit key
 * (lib/audit/audit-key.ts), which the store does not hold. A failed append throws: the caller's action fails with it
 * rather than happen unrecorded (AuditUnavailableError when storage is the cause).
 */
import type { Store } from "@/lib/store/store";
import { type AuditInput, auditEventSchema } from "./audit-events";
import { type AuditKeys, auditKeys } from "./audit-key";
import { type AuditRow, canonicalJson, GENESIS_HASH, keyedEntryHash } from "./canonical";
import { checkpointAfterAppend } from "./checkpointer";
import { AuditUnavailableError, logUnavailable, storageFailureCode } from "./unavailable";

/** Longest source address kept (lib/http/client-address.ts keeps no longer one either). */
const MAX_ADDRESS = 64;

const addressOf = (address: string | null | undefined) =>
  address && address !== "unknown" && address.length <= MAX_ADDRESS ? address : null;

/** The last entry appended in a running write (by its transaction's store), to checkpoint once the write commits. */
const appendedIn = new WeakMap<Store, { row: AuditRow; keys: AuditKeys }>();

/**
 * Appends one entry and returns it as stored. Inside a caller's write (a change and its entry written together) it
 * joins that write, taking the chain's lock there; otherwise it is a write of its own. `keys` are the process's
 * (from PORTAL_SECRET_KEY) unless given.
 */
export async function recordAudit(store: Store, input: AuditInput, keys: AuditKeys = auditKeys()): Promise<AuditRow> {
  const { actor, address } = input;
  const event = auditEventSchema.parse(input);
  const target = event as { connectionId?: string; study?: string };
  const details = canonicalJson(event.details);
  let stored: AuditRow;
  try {
    stored = await store.write(
      async (tx) => {
        const last = await tx.db
          .selectFrom("audit_log")
          .select(["id", "hash"])
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
        const user =
          actor === null
            ? undefined
            : await tx.db.selectFrom("users").select("email").where("id", "=", actor).executeTakeFirst();
        const row: Omit<AuditRow, "hash"> = {
          id: (last?.id ?? 0) + 1,
          // Taken under the lock, so that times grow with IDs.
          time: new Date().toISOString(),
          actor_id: actor,
          actor_email: user?.email ?? null,
          address: addressOf(address),
          action: event.action,
          connection_id: target.connectionId ?? null,
          study: target.study ?? null,
          details,
          prev_hash: last?.hash ?? GENESIS_HASH,
          key_id: keys.keyId,
        };
        const entry = { ...row, hash: keyedEntryHash(row, keys.chain) };
        await tx.db.insertInto("audit_log").values(entry).execute();
        if (store.inWrite) appendedIn.set(tx, { row: entry, keys });
        return entry;
      },
      { lockAuditChain: true },
    );
  } catch (err) {
    const code = storageFailureCode(err);
    if (!code) throw err;
    logUnavailable(code, `the ${event.action} entry`);
    throw new AuditUnavailableError(code);
  }
  if (!store.inWrite) await checkpointAfterAppend(store, keys, stored);
  return stored;
}

/**
 * Runs `change` and the entries it records as one write holding the chain's lock: both are written, or neither. A
 * store that cannot take the write (at the lock, the change, or the commit) is AuditUnavailableError here too.
 */
export async function audited<T>(store: Store, change: (tx: Store) => Promise<T>): Promise<T> {
  let appended: { row: AuditRow; keys: AuditKeys } | undefined;
  let result: T;
  try {
    result = await store.write(
      async (tx) => {
        const value = await change(tx);
        appended = appendedIn.get(tx);
        return value;
      },
      { lockAuditChain: true },
    );
  } catch (err) {
    const code = storageFailureCode(err);
    if (!code || err instanceof AuditUnavailableError) throw err;
    logUnavailable(code, "a change with its entry");
    throw new AuditUnavailableError(code);
  }
  if (appended && !store.inWrite) await checkpointAfterAppend(store, appended.keys, appended.row);
  return result;
}
