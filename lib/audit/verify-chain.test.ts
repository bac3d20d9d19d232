/**
 * Tampering with the SQLite file as someone holding it would: drop the triggers, then change, remove or re-hash
 * an entry. verifyChain names the first entry that does not fit, and what is wrong with it.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { recordAudit } from "./record-audit";
import { verifyChain } from "./verify-chain";

// Entries are keyed by the audit key, derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

let path: string;
beforeEach(() => {
  path = join(mkdtempSync(join(tmpdir(), "audit-verify-")), "portal.db");
  const db = openPortalDb(path);
  for (let i = 0; i < 5; i++)
    recordAudit(db, {
      actor: null,
      action: "access.refused",
      connectionId: `c-${i}`,
      details: { reason: "unknown_connection", via: "study_page" },
    });
  db.close();
});

/** The file opened bare, its triggers dropped: what an attacker with the file can do. */
function tamper(sql: string, ...args: unknown[]): void {
  const raw = new Database(path);
  for (const t of ["audit_log_no_update", "audit_log_no_delete", "audit_log_follows_chain"])
    raw.exec(`DROP TRIGGER IF EXISTS ${t}`);
  raw.prepare(sql).run(...args);
  raw.close();
}

const check = () => {
  const db = openPortalDb(path);
  try {
    return verifyChain(db);
  } finally {
    db.close();
  }
};

describe("verifyChain", () => {
  it("passes an untouched trail and gives its last ID and hash", () => {
    const ok = check();
    expect(ok).toMatchObject({ ok: true, entries: 5, last: { id: 5 } });
    expect(ok.ok && ok.last?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("names an entry whose content was changed", () => {
    tamper("UPDATE audit_log SET connection_id = 'someone-else' WHERE id = 3");
    expect(check()).toMatchObject({ ok: false, id: 3, problem: "hash mismatch", entries: 2 });
  });

  it("names an entry whose details were changed, also to something that is no JSON", () => {
    tamper(`UPDATE audit_log SET details = '{"reason":"study_not_listed","via":"study_page"}' WHERE id = 2`);
    expect(check()).toMatchObject({ ok: false, id: 2, problem: "hash mismatch" });
    tamper("UPDATE audit_log SET details = 'not json' WHERE id = 1");
    expect(check()).toMatchObject({ ok: false, id: 1, problem: "unreadable details" });
  });

  it("names an entry whose stored details gained white space, which leaves the hash as it was", () => {
    tamper(`UPDATE audit_log SET details = '{"reason": "unknown_connection","via":"study_page"}' WHERE id = 4`);
    expect(check()).toMatchObject({ ok: false, id: 4, problem: "details not canonical", entries: 3 });
  });

  it("names the entry after one that was deleted", () => {
    tamper("DELETE FROM audit_log WHERE id = 3");
    const result = check();
    expect(result).toMatchObject({ ok: false, id: 4, problem: "gap" });
    expect(!result.ok && result.message).toBe("entry 4 follows entry 2; entries 3 to 3 are missing");
  });

  it("names the first entry when the first ones were deleted", () => {
    tamper("DELETE FROM audit_log WHERE id <= 2");
    expect(check()).toMatchObject({ ok: false, id: 3, problem: "gap" });
  });

  it("names an entry changed and re-hashed without the key, as SHA-256 with or without its key ID", () => {
    const raw = new Database(path, { readonly: true });
    const row = raw.prepare("SELECT * FROM audit_log WHERE id = 3").get() as Record<string, string | number | null>;
    raw.close();
    // Recomputed from the documented canonical form, written out here: all that someone without the key can do.
    const content = (keyId: string) =>
      `{"action":"access.refused","actor_email":null,"actor_id":null,"address":null,"connection_id":"forged",` +
      `"details":${row.details},"id":3,${keyId}"prev_hash":"${row.prev_hash}","study":null,"time":"${row.time}"}`;
    const forged = createHash("sha256")
      .update(content(`"key_id":"${row.key_id}",`))
      .digest("hex");
    tamper("UPDATE audit_log SET connection_id = 'forged', hash = ? WHERE id = 3", forged);
    expect(check()).toMatchObject({ ok: false, id: 3, problem: "hash mismatch" });
    const unkeyed = createHash("sha256").update(content("")).digest("hex");
    tamper("UPDATE audit_log SET key_id = NULL, hash = ? WHERE id = 3", unkeyed);
    expect(check()).toMatchObject({ ok: false, id: 3, problem: "unkeyed after keyed" });
  });
});
