/**
 * Checkpoints outside the database (docs/audit.md, "Checkpoints"): when they are written, that each line checks by
 * its MAC, and that verify with them names a trail cut short or written anew, which the chain alone cannot show.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { auditKeys, deriveAuditKeys, keyring } from "./audit-key";
import { type AuditRow, entryHash, GENESIS_HASH } from "./canonical";
import { checkpointFileOf, readCheckpoints } from "./checkpoint-file";
import { CHECKPOINT_EVERY_ENTRIES, CHECKPOINT_EVERY_MS, type CheckpointClock, checkpointerOf } from "./checkpointer";
import { audited, recordAudit } from "./record-audit";
import { verifyChain } from "./verify-chain";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

/** A clock whose timers run when the test says. */
function fakeClock() {
  let t = 1_000_000;
  let timers: { fn: () => void; at: number }[] = [];
  const clock: CheckpointClock = { now: () => t, later: (fn, ms) => timers.push({ fn, at: t + ms }) };
  const advance = (ms: number) => {
    t += ms;
    const due = timers.filter((x) => x.at <= t);
    timers = timers.filter((x) => x.at > t);
    for (const x of due) x.fn();
  };
  return { clock, advance };
}

let db: Database;
let file: string;
let time: ReturnType<typeof fakeClock>;
beforeEach(() => {
  db = openPortalDb(join(mkdtempSync(join(tmpdir(), "audit-checkpoints-")), "portal.db"));
  file = checkpointFileOf(db) ?? "";
  time = fakeClock();
  checkpointerOf(db, auditKeys(), time.clock);
});

const signOut = { actor: null, action: "auth.sign_out", details: {} } as const;
const append = (n: number) => {
  for (let i = 0; i < n; i++) recordAudit(db, signOut);
};
const checkpoints = () => {
  const read = readCheckpoints(file, keyring(auditKeys()));
  if (!read.ok) throw new Error(read.message);
  return read.anchors.map((a) => a.id);
};
const verify = () => {
  const read = readCheckpoints(file, keyring(auditKeys()));
  return verifyChain(db, { keys: keyring(auditKeys()), anchors: read.ok ? read.anchors : [] });
};

describe("checkpoints", () => {
  it("are written beside the database: at a process's first entry, then by count and by time", () => {
    expect(file).toBe(`${db.name}.audit-checkpoints.jsonl`);
    append(5);
    expect(checkpoints()).toEqual([1]);
    time.advance(CHECKPOINT_EVERY_MS);
    expect(checkpoints()).toEqual([1, 5]);
    append(CHECKPOINT_EVERY_ENTRIES);
    expect(checkpoints()).toEqual([1, 5, 5 + CHECKPOINT_EVERY_ENTRIES]);
    expect(verify()).toMatchObject({ ok: true, entries: 5 + CHECKPOINT_EVERY_ENTRIES });
  });

  it("name committed entries only: one in a transaction rolled back never is in the file", () => {
    append(1);
    expect(() =>
      audited(db, () => {
        recordAudit(db, signOut);
        throw new Error("the change failed");
      }),
    ).toThrow();
    audited(db, () => recordAudit(db, signOut));
    time.advance(CHECKPOINT_EVERY_MS);
    expect(checkpoints()).toEqual([1, 2]);
    expect(verify()).toMatchObject({ ok: true, entries: 2 });
  });

  it("each check by their MAC: a changed line, or one under another key, is rejected", () => {
    append(3);
    const line = readFileSync(file, "utf8");
    writeFileSync(file, line.replace(/"id":1/, '"id":2'));
    expect(readCheckpoints(file, keyring(auditKeys()))).toMatchObject({ ok: false });
    expect(readCheckpoints(file, keyring(deriveAuditKeys(randomBytes(32))))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/line 1 of .* another key/),
    });
  });

  it("show entries cut off the end of the trail", () => {
    append(8);
    time.advance(CHECKPOINT_EVERY_MS);
    db.exec("DROP TRIGGER audit_log_no_delete; DELETE FROM audit_log WHERE id > 6");
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 6 });
    const cut = verify();
    expect(cut).toMatchObject({ ok: false, id: 8, problem: "ends before anchor", entries: 6 });
    expect(!cut.ok && cut.message).toMatch(/the trail ends at entry 6, but line 2 of .* names entry 8/);
  });

  it("show a whole trail written anew without the key, which passes as a trail from before keys", () => {
    append(4);
    db.exec("DROP TRIGGER audit_log_no_update");
    let prev = GENESIS_HASH;
    for (const r of db.prepare("SELECT * FROM audit_log ORDER BY id").all() as AuditRow[]) {
      const hash = entryHash({ ...r, key_id: null, prev_hash: prev });
      db.prepare("UPDATE audit_log SET key_id = NULL, prev_hash = ?, hash = ? WHERE id = ?").run(prev, hash, r.id);
      prev = hash;
    }
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 4, unkeyed: 4 });
    expect(verify()).toMatchObject({ ok: false, id: 1, problem: "anchor mismatch" });
  });
});
