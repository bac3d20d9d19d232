/**
 * Tampering with the SQLite file as someone holding it would: drop the triggers, then change, remove or re-hash
 * an entry. verifyChain names the first entry that does not fit, and what is wrong with it.
 */
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { recordAudit } from "./record-audit";
import { verifyChain } from "./verify-chain";

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

  it("names the next entry when one was changed and its hash recomputed", () => {
    const raw = new Database(path, { readonly: true });
    const row = raw.prepare("SELECT * FROM audit_log WHERE id = 3").get() as Record<string, string | number | null>;
    raw.close();
    // Recomputed from the documented canonical form, written out here.
    const content =
      `{"action":"access.refused","actor_email":null,"actor_id":null,"address":null,"connection_id":"forged",` +
      `"details":${row.details},"id":3,"prev_hash":"${row.prev_hash}","study":null,"time":"${row.time}"}`;
    const forged = createHash("sha256").update(content).digest("hex");
    tamper("UPDATE audit_log SET connection_id = 'forged', hash = ? WHERE id = 3", forged);
    const result = check();
    expect(result).toMatchObject({ ok: false, id: 4, problem: "prev_hash mismatch" });
  });
});
