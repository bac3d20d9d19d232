/**
 * Checkpoints outside the store (docs/audit.md, "Checkpoints"): when they are written, that each line checks by its
 * MAC, and that verify with them names a trail cut short or written anew, which the chain alone cannot show.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testDatabaseUrl, testStore } from "@/lib/store/testing";
import { auditKeys, deriveAuditKeys, keyring } from "./audit-key";
import { type AuditRow, entryHash, GENESIS_HASH } from "./canonical";
import { checkpointFileOf, readCheckpoints } from "./checkpoint-file";
import { CHECKPOINT_EVERY_ENTRIES, CHECKPOINT_EVERY_MS, type CheckpointClock, checkpointerOf } from "./checkpointer";
import { audited, recordAudit } from "./record-audit";
import { dropAuditTriggers } from "./testing";
import { verifyChain } from "./verify-chain";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
// A PostgreSQL store checkpoints to AUDIT_CHECKPOINT_FILE when the configuration names PostgreSQL.
const postgresCheckpoints = join(mkdtempSync(join(tmpdir(), "audit-checkpoints-pg-")), "checkpoints.jsonl");
vi.stubEnv("DATABASE_URL", testDatabaseUrl());
vi.stubEnv("AUDIT_CHECKPOINT_FILE", postgresCheckpoints);

/** A clock whose timers run when the test says. */
function fakeClock() {
  let t = 1_000_000;
  let timers: { fn: () => Promise<void>; at: number }[] = [];
  const clock: CheckpointClock = { now: () => t, later: (fn, ms) => timers.push({ fn, at: t + ms }) };
  const advance = async (ms: number) => {
    t += ms;
    const due = timers.filter((x) => x.at <= t);
    timers = timers.filter((x) => x.at > t);
    for (const x of due) await x.fn();
  };
  return { clock, advance };
}

const signOut = { actor: null, action: "auth.sign_out", details: {} } as const;

describe.each(STORE_KINDS)("checkpoints (%s)", (kind) => {
  let store: Store;
  let sqlitePath: string;
  let file: string;
  let time: ReturnType<typeof fakeClock>;
  beforeEach(async () => {
    sqlitePath = join(mkdtempSync(join(tmpdir(), "audit-checkpoints-")), "portal.db");
    rmSync(postgresCheckpoints, { force: true });
    store = kind === "sqlite" ? sqliteStore(openPortalDb(sqlitePath)) : await testStore(kind);
    file = (await checkpointFileOf(store)) ?? "";
    time = fakeClock();
    await checkpointerOf(store, auditKeys(), time.clock);
  });
  afterEach(async () => store.close());

  const append = async (n: number) => {
    for (let i = 0; i < n; i++) await recordAudit(store, signOut);
  };
  const checkpoints = () => {
    const read = readCheckpoints(file, keyring(auditKeys()));
    if (!read.ok) throw new Error(read.message);
    return read.anchors.map((a) => a.id);
  };
  const verify = () => {
    const read = readCheckpoints(file, keyring(auditKeys()));
    return verifyChain(store, { keys: keyring(auditKeys()), anchors: read.ok ? read.anchors : [] });
  };

  it("are written to the store's file: at a process's first entry, then by count and by time", async () => {
    expect(file).toBe(kind === "sqlite" ? `${sqlitePath}.audit-checkpoints.jsonl` : postgresCheckpoints);
    await append(5);
    expect(checkpoints()).toEqual([1]);
    await time.advance(CHECKPOINT_EVERY_MS);
    expect(checkpoints()).toEqual([1, 5]);
    await append(CHECKPOINT_EVERY_ENTRIES);
    expect(checkpoints()).toEqual([1, 5, 5 + CHECKPOINT_EVERY_ENTRIES]);
    expect(await verify()).toMatchObject({ ok: true, entries: 5 + CHECKPOINT_EVERY_ENTRIES });
  });

  it("name committed entries only: one in a write rolled back never is in the file", async () => {
    await append(1);
    await expect(
      audited(store, async (tx) => {
        await recordAudit(tx, signOut);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow();
    await audited(store, (tx) => recordAudit(tx, signOut));
    await time.advance(CHECKPOINT_EVERY_MS);
    expect(checkpoints()).toEqual([1, 2]);
    expect(await verify()).toMatchObject({ ok: true, entries: 2 });
  });

  it("each check by their MAC: a changed line, or one under another key, is rejected", async () => {
    await append(3);
    const line = readFileSync(file, "utf8");
    writeFileSync(file, line.replace(/"id":1/, '"id":2'));
    expect(readCheckpoints(file, keyring(auditKeys()))).toMatchObject({ ok: false });
    expect(readCheckpoints(file, keyring(deriveAuditKeys(randomBytes(32))))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/line 1 of .* another key/),
    });
  });

  it("show entries cut off the end of the trail", async () => {
    await append(8);
    await time.advance(CHECKPOINT_EVERY_MS);
    await dropAuditTriggers(store, "audit_log_no_delete");
    await store.db.deleteFrom("audit_log").where("id", ">", 6).execute();
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 6 });
    const cut = await verify();
    expect(cut).toMatchObject({ ok: false, id: 8, problem: "ends before anchor", entries: 6 });
    expect(!cut.ok && cut.message).toMatch(/the trail ends at entry 6, but line 2 of .* names entry 8/);
  });

  it("show a whole trail written anew without the key, which passes as a trail from before keys", async () => {
    await append(4);
    await dropAuditTriggers(store, "audit_log_no_update");
    let prev = GENESIS_HASH;
    const rows: AuditRow[] = await store.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    for (const r of rows) {
      const hash = entryHash({ ...r, key_id: null, prev_hash: prev });
      await store.db
        .updateTable("audit_log")
        .set({ key_id: null, prev_hash: prev, hash })
        .where("id", "=", r.id)
        .execute();
      prev = hash;
    }
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 4, unkeyed: 4 });
    expect(await verify()).toMatchObject({ ok: false, id: 1, problem: "anchor mismatch" });
  });
});

describe("the checkpoint file of a store", () => {
  it("is none for a SQLite database in memory", async () => {
    const store = await testStore("sqlite");
    expect(await checkpointFileOf(store)).toBeNull();
    expect(await checkpointerOf(store, auditKeys())).toBeNull();
    await store.close();
  });
});
