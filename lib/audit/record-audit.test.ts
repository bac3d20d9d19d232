/**
 * Appending to the audit trail, in either store: the entry as stored, the bounds on details, the refusals of the
 * schema and of the table (append-only triggers, no fork of the chain), and a change written together with its entry
 * or not at all. Several writers at once: lib/audit/concurrent-appends.test.ts.
 */

import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import type { AuditInput } from "./audit-events";
import { audited, recordAudit } from "./record-audit";
import { addTestUser, auditCount } from "./testing";
import { verifyChain } from "./verify-chain";

// Entries are keyed by the audit key, derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const signIn: AuditInput = {
  actor: 3,
  address: "198.51.100.7",
  action: "auth.sign_in",
  details: { method: "password" },
};

describe.each(STORE_KINDS)("recordAudit (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
    await addTestUser(store, 3, "bo@example.org", "Bo", "admin");
  });
  afterEach(async () => store.close());

  it("stores who, when, from where, what and on which target, with the account's e-mail at the time", async () => {
    const a = await recordAudit(store, signIn);
    await store.db.updateTable("users").set({ email: "bo.new@example.org" }).where("id", "=", 3).execute();
    const b = await recordAudit(store, { ...signIn, address: "unknown" });
    expect(a).toMatchObject({ id: 1, actor_id: 3, actor_email: "bo@example.org", address: "198.51.100.7" });
    expect(b).toMatchObject({ id: 2, actor_email: "bo.new@example.org", address: null, prev_hash: a.hash });
    const anonymous = await recordAudit(store, {
      actor: null,
      action: "auth.sign_in_failed",
      details: { method: "password", reason: "unknown_account", account: null },
    });
    expect(anonymous).toMatchObject({ actor_id: null, actor_email: null });
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 3 });
    // As stored is as returned.
    const stored = await store.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(stored).toEqual([a, b, anonymous]);
  });

  it("bounds text and lists: long text is cut and ends with …", async () => {
    const e = await recordAudit(store, {
      actor: 3,
      action: "export.file",
      connectionId: "c",
      study: "ONC-101",
      details: {
        view: "laboratory",
        table: "results",
        format: "csv",
        filters: Array.from({ length: 40 }, (_, i) => `Filter f${i}: ${"v".repeat(500)}`),
        rows: 10,
        bytes: 100,
        sha256: "a".repeat(64),
        fileName: "x".repeat(300),
        dataAsOf: "2026-05-01T10:00:00.000Z",
      },
    });
    const details = JSON.parse(e.details) as { filters: string[]; fileName: string };
    expect(details.filters).toHaveLength(32);
    expect(details.filters[0]).toHaveLength(250);
    expect(details.filters[0].endsWith("…")).toBe(true);
    expect(details.fileName).toHaveLength(200);
  });

  it("refuses details a schema does not name, unknown actions and values outside the sets, writing none", async () => {
    const wrong = [
      { actor: 3, action: "auth.sign_in", details: { method: "password", password: "x" } },
      { actor: 3, action: "auth.sign_in", details: { method: "magic" } },
      { actor: 3, action: "auth.sign_in_as_root", details: {} },
      { actor: 3, action: "study.load", connectionId: "c", study: "no study!", details: {} },
      { actor: 3, action: "connection.update", connectionId: "c", details: { name: "n", fields: ["secretValue"] } },
    ];
    for (const input of wrong) await expect(recordAudit(store, input as unknown as AuditInput)).rejects.toThrow();
    expect(await auditCount(store)).toBe(0);
  });

  it("refuses to change or delete an entry, and an entry that does not follow the last one", async () => {
    const a = await recordAudit(store, signIn);
    await recordAudit(store, signIn);
    await expect(
      store.db.updateTable("audit_log").set({ actor_email: "x" }).where("id", "=", 1).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(store.db.deleteFrom("audit_log").where("id", "=", 2).execute()).rejects.toThrow(/append-only/);
    // A fork: a second entry after entry 1.
    const fork = (id: number, prev: string) =>
      store.db
        .insertInto("audit_log")
        .values({
          id,
          time: "",
          action: "auth.sign_out",
          details: "{}",
          prev_hash: prev,
          hash: "f".repeat(64),
          key_id: "k",
        })
        .execute();
    await expect(fork(2, a.hash)).rejects.toThrow();
    await expect(fork(3, a.hash)).rejects.toThrow(/must follow the last one/);
    await expect(fork(4, "e".repeat(64))).rejects.toThrow(/must follow the last one/);
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 2 });
  });

  it("writes a change and its entry together, or neither", async () => {
    await sql`CREATE TABLE things (x INTEGER)`.execute(store.db);
    await audited(store, async (tx) => {
      await sql`INSERT INTO things VALUES (1)`.execute(tx.db);
      await recordAudit(tx, signIn);
    });
    await expect(
      audited(store, async (tx) => {
        await sql`INSERT INTO things VALUES (2)`.execute(tx.db);
        await recordAudit(tx, { ...signIn, details: { method: "nope" } } as unknown as AuditInput);
      }),
    ).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM things`.execute(store.db);
    expect(rows.map((r) => ({ n: Number(r.n) }))).toEqual([{ n: 1 }]);
    expect(await auditCount(store)).toBe(1);
  });

  it("appends in a caller's write, which joins it: an entry rolled back with the write leaves no trace", async () => {
    await expect(
      store.write(async (tx) => {
        await recordAudit(tx, signIn);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const entry = await store.write(async (tx) => recordAudit(tx, signIn));
    expect(entry).toMatchObject({ id: 1 });
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 1 });
  });
});
