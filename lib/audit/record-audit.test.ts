/**
 * Appending to the audit trail: the entry as stored, the bounds on details, the refusals of the schema and of the
 * table (append-only triggers, no fork of the chain even by a second writer), and a change written together with
 * its entry or not at all.
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import type { AuditInput } from "./audit-events";
import { audited, recordAudit } from "./record-audit";
import { verifyChain } from "./verify-chain";

// Entries are keyed by the audit key, derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

let db: Database;
beforeEach(() => {
  db = openPortalDb(":memory:");
  db.prepare(
    "INSERT INTO users (id, email, name, role, created_at) VALUES (3, 'bo@example.org', 'Bo', 'admin', '')",
  ).run();
});

const signIn: AuditInput = {
  actor: 3,
  address: "198.51.100.7",
  action: "auth.sign_in",
  details: { method: "password" },
};
const count = () => (db.prepare("SELECT count(*) AS n FROM audit_log").get() as { n: number }).n;

describe("recordAudit", () => {
  it("stores who, when, from where, what and on which target, with the account's e-mail at the time", () => {
    const a = recordAudit(db, signIn);
    db.prepare("UPDATE users SET email = 'bo.new@example.org' WHERE id = 3").run();
    const b = recordAudit(db, { ...signIn, address: "unknown" });
    expect(a).toMatchObject({ id: 1, actor_id: 3, actor_email: "bo@example.org", address: "198.51.100.7" });
    expect(b).toMatchObject({ id: 2, actor_email: "bo.new@example.org", address: null, prev_hash: a.hash });
    const anonymous = recordAudit(db, {
      actor: null,
      action: "auth.sign_in_failed",
      details: { method: "password", reason: "unknown_account", account: null },
    });
    expect(anonymous).toMatchObject({ actor_id: null, actor_email: null });
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 3 });
  });

  it("bounds text and lists: long text is cut and ends with …", () => {
    const e = recordAudit(db, {
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

  it("refuses details a schema does not name, unknown actions and values outside the sets, writing nothing", () => {
    const wrong = [
      { actor: 3, action: "auth.sign_in", details: { method: "password", password: "x" } },
      { actor: 3, action: "auth.sign_in", details: { method: "magic" } },
      { actor: 3, action: "auth.sign_in_as_root", details: {} },
      { actor: 3, action: "study.load", connectionId: "c", study: "no study!", details: {} },
      { actor: 3, action: "connection.update", connectionId: "c", details: { name: "n", fields: ["secretValue"] } },
    ];
    for (const input of wrong) expect(() => recordAudit(db, input as unknown as AuditInput)).toThrow();
    expect(count()).toBe(0);
  });

  it("refuses to change or delete an entry, and an entry that does not follow the last one", () => {
    const a = recordAudit(db, signIn);
    recordAudit(db, signIn);
    expect(() => db.prepare("UPDATE audit_log SET actor_email = 'x' WHERE id = 1").run()).toThrow(/append-only/);
    expect(() => db.prepare("DELETE FROM audit_log WHERE id = 2").run()).toThrow(/append-only/);
    // A fork: a second entry after entry 1.
    const fork = db.prepare(
      `INSERT INTO audit_log (id, time, action, details, prev_hash, hash, key_id)
       VALUES (?, '', 'auth.sign_out', '{}', ?, ?, 'k')`,
    );
    expect(() => fork.run(2, a.hash, "f".repeat(64))).toThrow();
    expect(() => fork.run(3, a.hash, "f".repeat(64))).toThrow(/must follow the last one/);
    expect(() => fork.run(4, "e".repeat(64), "f".repeat(64))).toThrow(/must follow the last one/);
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 2 });
  });

  it("keeps one chain with two connections to the same file writing in turn", () => {
    const path = join(mkdtempSync(join(tmpdir(), "audit-")), "portal.db");
    const [one, two] = [openPortalDb(path), openPortalDb(path)];
    for (let i = 0; i < 20; i++) recordAudit(i % 3 ? one : two, { actor: null, action: "auth.sign_out", details: {} });
    expect(verifyChain(one)).toMatchObject({ ok: true, entries: 20 });
    one.close();
    two.close();
  });

  it("keeps one chain with three processes appending to the same file at once", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "audit-processes-"));
    const path = join(dir, "portal.db");
    openPortalDb(path).close();
    const script = join(dir, "append.ts");
    const here = (file: string) => JSON.stringify(new URL(file, import.meta.url).pathname);
    writeFileSync(
      script,
      `import { openPortalDb } from ${here("../db/portal-db.ts")};
       import { recordAudit } from ${here("./record-audit.ts")};
       const db = openPortalDb(${JSON.stringify(path)});
       const address = "writer-" + process.argv[2];
       for (let i = 0; i < 1500; i++) recordAudit(db, { actor: null, address, action: "auth.sign_out", details: {} });`,
    );
    const runs = [0, 1, 2].map((n) =>
      spawn(process.execPath, ["--import", "tsx", script, String(n)], { stdio: "inherit" }),
    );
    const codes = await Promise.all(runs.map(async (p) => (await once(p, "exit"))[0]));
    expect(codes).toEqual([0, 0, 0]);
    const db = openPortalDb(path);
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 4500 });
    // They did write side by side: the writers take turns more often than once each.
    const writers = db.prepare("SELECT address FROM audit_log ORDER BY id").pluck().all() as string[];
    expect(writers.filter((w, i) => i > 0 && w !== writers[i - 1]).length).toBeGreaterThan(2);
    db.close();
  });

  it("writes a change and its entry together, or neither", () => {
    db.prepare("CREATE TABLE things (x INTEGER)").run();
    audited(db, () => {
      db.prepare("INSERT INTO things VALUES (1)").run();
      recordAudit(db, signIn);
    });
    expect(() =>
      audited(db, () => {
        db.prepare("INSERT INTO things VALUES (2)").run();
        recordAudit(db, { ...signIn, details: { method: "nope" } } as unknown as AuditInput);
      }),
    ).toThrow();
    expect(db.prepare("SELECT count(*) AS n FROM things").get()).toEqual({ n: 1 });
    expect(count()).toBe(1);
  });
});
