/**
 * The keyed chain (docs/audit.md, "The keyed chain"): entries from before keys still verify, as a prefix only; a tail
 * written anew under any other key is named; verify takes earlier keys for entries written under them.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { auditKeys, deriveAuditKeys, keyring } from "./audit-key";
import { type AuditRow, entryHash, GENESIS_HASH, keyedEntryHash } from "./canonical";
import { recordAudit } from "./record-audit";
import { verifyChain } from "./verify-chain";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

let db: Database;
beforeEach(() => {
  db = openPortalDb(":memory:");
});

const signOut = { actor: null, action: "auth.sign_out", details: {} } as const;
const rows = () => db.prepare("SELECT * FROM audit_log ORDER BY id").all() as AuditRow[];

/** An entry as the portal wrote it before keys: no key_id, the plain SHA-256. */
function legacyEntry(id: number, prev: string): string {
  const row = { id, time: "2026-01-01T00:00:00.000Z", actor_id: null, actor_email: null, address: null };
  const rest = { action: "auth.sign_out", connection_id: null, study: null, details: "{}", prev_hash: prev };
  const hash = entryHash({ ...row, ...rest });
  db.prepare(
    `INSERT INTO audit_log (id, time, actor_id, actor_email, address, action, connection_id, study, details,
       prev_hash, hash) VALUES (@id, @time, NULL, NULL, NULL, @action, NULL, NULL, @details, @prev_hash, @hash)`,
  ).run({ ...row, ...rest, hash });
  return hash;
}

/** Rewrites entries from `from` on, re-hashed under `keys`: what a holder of the file can do with a key of theirs. */
function rewriteTail(from: number, hashOf: (row: Omit<AuditRow, "hash">) => string, keyId: string | null): void {
  db.exec("DROP TRIGGER IF EXISTS audit_log_no_update");
  let prev = rows().find((r) => r.id === from)?.prev_hash ?? GENESIS_HASH;
  for (const r of rows().filter((r) => r.id >= from)) {
    const row = { ...r, address: "203.0.113.66", key_id: keyId, prev_hash: prev };
    prev = hashOf(row);
    db.prepare("UPDATE audit_log SET address = ?, key_id = ?, prev_hash = ?, hash = ? WHERE id = ?").run(
      row.address,
      keyId,
      row.prev_hash,
      prev,
      r.id,
    );
  }
}

describe("the keyed chain", () => {
  it("verifies a trail begun before keys: its unkeyed entries first, the keyed ones after", () => {
    legacyEntry(2, legacyEntry(1, GENESIS_HASH));
    for (let i = 0; i < 3; i++) recordAudit(db, signOut);
    expect(rows().map((r) => r.key_id)).toEqual([null, null, auditKeys().keyId, auditKeys().keyId, auditKeys().keyId]);
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 5, unkeyed: 2 });
  });

  it("refuses an unkeyed entry after a keyed one, in the table", () => {
    const keyed = recordAudit(db, signOut);
    expect(() => legacyEntry(2, keyed.hash)).toThrow(/after a keyed entry every entry must be keyed/);
  });

  it("names a tail written anew under another key, whether or not it claims the portal's key ID", () => {
    for (let i = 0; i < 4; i++) recordAudit(db, signOut);
    const theirs = deriveAuditKeys(randomBytes(32));
    rewriteTail(3, (r) => keyedEntryHash(r, theirs.chain), auditKeys().keyId);
    expect(verifyChain(db)).toMatchObject({ ok: false, id: 3, problem: "hash mismatch", entries: 2 });
    rewriteTail(3, (r) => keyedEntryHash(r, theirs.chain), theirs.keyId);
    expect(verifyChain(db)).toMatchObject({ ok: false, id: 3, problem: "unknown key" });
  });

  it("names a tail written anew without keys after keyed entries", () => {
    for (let i = 0; i < 4; i++) recordAudit(db, signOut);
    rewriteTail(2, entryHash, null);
    expect(verifyChain(db)).toMatchObject({ ok: false, id: 2, problem: "unkeyed after keyed" });
  });

  it("verifies entries under an earlier key when given it, and names them when not", () => {
    const earlier = deriveAuditKeys(randomBytes(32));
    recordAudit(db, signOut, earlier);
    recordAudit(db, signOut);
    expect(verifyChain(db, { keys: keyring(earlier, auditKeys()) })).toMatchObject({ ok: true, entries: 2 });
    const alone = verifyChain(db);
    expect(alone).toMatchObject({ ok: false, id: 1, problem: "unknown key" });
    expect(!alone.ok && alone.message).toContain(`written under key ${earlier.keyId}`);
  });
});
