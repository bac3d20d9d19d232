/**
 * The keyed chain (docs/audit.md, "The keyed chain"): entries from before keys still verify, as a prefix only; a tail
 * written anew under any other key is named; verify takes earlier keys for entries written under them.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { auditKeys, deriveAuditKeys, keyring } from "./audit-key";
import { type AuditRow, entryHash, GENESIS_HASH, keyedEntryHash } from "./canonical";
import { recordAudit } from "./record-audit";
import { dropAuditTriggers } from "./testing";
import { verifyChain } from "./verify-chain";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const signOut = { actor: null, action: "auth.sign_out", details: {} } as const;

describe.each(STORE_KINDS)("the keyed chain (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => store.close());

  const rows = (): Promise<AuditRow[]> => store.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  /** An entry as the portal wrote it before keys: no key_id, the plain SHA-256. */
  async function legacyEntry(id: number, prev: string): Promise<string> {
    const row = { id, time: "2026-01-01T00:00:00.000Z", actor_id: null, actor_email: null, address: null };
    const rest = { action: "auth.sign_out", connection_id: null, study: null, details: "{}", prev_hash: prev };
    const hash = entryHash({ ...row, ...rest });
    await store.db
      .insertInto("audit_log")
      .values({ ...row, ...rest, hash })
      .execute();
    return hash;
  }

  /** Rewrites entries from `from` on, re-hashed under another key: what a holder of the store can do with theirs. */
  async function rewriteTail(
    from: number,
    hashOf: (row: Omit<AuditRow, "hash">) => string,
    keyId: string | null,
  ): Promise<void> {
    await dropAuditTriggers(store, "audit_log_no_update");
    const all = await rows();
    let prev = all.find((r) => r.id === from)?.prev_hash ?? GENESIS_HASH;
    for (const r of all.filter((r) => r.id >= from)) {
      const row = { ...r, address: "203.0.113.66", key_id: keyId, prev_hash: prev };
      prev = hashOf(row);
      await store.db
        .updateTable("audit_log")
        .set({ address: row.address, key_id: keyId, prev_hash: row.prev_hash, hash: prev })
        .where("id", "=", r.id)
        .execute();
    }
  }

  it("verifies a trail begun before keys: its unkeyed entries first, the keyed ones after", async () => {
    await legacyEntry(2, await legacyEntry(1, GENESIS_HASH));
    for (let i = 0; i < 3; i++) await recordAudit(store, signOut);
    const keyId = auditKeys().keyId;
    expect((await rows()).map((r) => r.key_id)).toEqual([null, null, keyId, keyId, keyId]);
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 5, unkeyed: 2 });
  });

  it("refuses an unkeyed entry after a keyed one, in the table", async () => {
    const keyed = await recordAudit(store, signOut);
    await expect(legacyEntry(2, keyed.hash)).rejects.toThrow(/after a keyed entry every entry must be keyed/);
  });

  it("names a tail written anew under another key, whether or not it claims the portal's key ID", async () => {
    for (let i = 0; i < 4; i++) await recordAudit(store, signOut);
    const theirs = deriveAuditKeys(randomBytes(32));
    await rewriteTail(3, (r) => keyedEntryHash(r, theirs.chain), auditKeys().keyId);
    expect(await verifyChain(store)).toMatchObject({ ok: false, id: 3, problem: "hash mismatch", entries: 2 });
    await rewriteTail(3, (r) => keyedEntryHash(r, theirs.chain), theirs.keyId);
    expect(await verifyChain(store)).toMatchObject({ ok: false, id: 3, problem: "unknown key" });
  });

  it("names a tail written anew without keys after keyed entries", async () => {
    for (let i = 0; i < 4; i++) await recordAudit(store, signOut);
    await rewriteTail(2, entryHash, null);
    expect(await verifyChain(store)).toMatchObject({ ok: false, id: 2, problem: "unkeyed after keyed" });
  });

  it("verifies entries under an earlier key when given it, and names them when not", async () => {
    const earlier = deriveAuditKeys(randomBytes(32));
    await recordAudit(store, signOut, earlier);
    await recordAudit(store, signOut);
    expect(await verifyChain(store, { keys: keyring(earlier, auditKeys()) })).toMatchObject({ ok: true, entries: 2 });
    const alone = await verifyChain(store);
    expect(alone).toMatchObject({ ok: false, id: 1, problem: "unknown key" });
    expect(!alone.ok && alone.message).toContain(`written under key ${earlier.keyId}`);
  });
});
