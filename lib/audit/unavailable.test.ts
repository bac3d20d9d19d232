/**
 * A database that cannot be written (docs/audit.md, "When the database cannot be written"): an action that must be
 * audited is refused with a message saying why, and not done; a refusal stands; reading the trail still works; the
 * administrator gets one line on stderr a minute per cause, without the entry's content.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import type { AuditInput } from "./audit-events";
import { listAuditEntries } from "./list-entries";
import { audited, recordAudit } from "./record-audit";
import { recordAccessRefusal } from "./record-refusal";
import { RefusalSampler } from "./refusal-sampler";
import { AuditUnavailableError } from "./unavailable";
import { verifyChain } from "./verify-chain";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const exportFile: AuditInput = {
  actor: 1,
  address: "192.0.2.44",
  action: "export.file",
  connectionId: "secret-connection-id",
  study: "ONC-101",
  details: {
    ...{ view: "laboratory", table: "results", format: "csv", filters: ['Filter Subject: "S-0042"'] },
    ...{ rows: 1, bytes: 2, sha256: "a".repeat(64), fileName: "f.csv", dataAsOf: "2026-05-01T00:00:00.000Z" },
  },
};

let path: string;
let stderr: MockInstance<typeof console.error>;
beforeEach(() => {
  path = join(mkdtempSync(join(tmpdir(), "audit-unwritable-")), "portal.db");
  const db = openPortalDb(path);
  db.prepare(
    "INSERT INTO users (id, email, name, role, created_at) VALUES (1, 'ana@example.org', 'A', 'user', '')",
  ).run();
  recordAudit(db, { actor: 1, action: "auth.sign_in", details: { method: "password" } });
  db.close();
  stderr = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => stderr.mockRestore());

const logged = () => stderr.mock.calls.map((c) => c.join(" ")).join("\n");

describe("a database that cannot be written", () => {
  it("read-only: audited actions are refused with a message, refusals stand, the trail still reads", () => {
    const db = new Database(path, { readonly: true });
    let thrown: unknown;
    for (let i = 0; i < 20; i++)
      try {
        recordAudit(db, exportFile);
      } catch (err) {
        thrown = err;
      }
    expect(thrown).toBeInstanceOf(AuditUnavailableError);
    expect((thrown as AuditUnavailableError).code).toMatch(/^SQLITE_READONLY/);
    expect((thrown as Error).message).toMatch(/cannot be written just now .* this action was not done\. Try again/);
    const refusal = { actor: 1, address: null, reason: "admin_only", via: "admin_page" } as const;
    expect(() => recordAccessRefusal(db, refusal, new RefusalSampler())).not.toThrow();
    expect(listAuditEntries(db, {}, undefined).entries).toHaveLength(1);
    expect(verifyChain(db)).toMatchObject({ ok: true, entries: 1 });
    // One line for the 21 failures, naming the cause and the action, nothing of the entry.
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(logged()).toMatch(/^audit: the trail cannot be written \(SQLITE_READONLY.*\); the export\.file entry/);
    for (const secret of ["192.0.2.44", "secret-connection-id", "S-0042", "ana@example.org", "ONC-101"])
      expect(logged()).not.toContain(secret);
    db.close();
  });

  it("full: neither a change nor its entry is written, and the error says why", () => {
    const db = openPortalDb(path);
    db.exec("CREATE TABLE things (x TEXT)");
    db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
    const change = () =>
      audited(db, () => {
        db.prepare("INSERT INTO things VALUES (?)").run("x".repeat(2000));
        recordAudit(db, exportFile);
      });
    let thrown: unknown;
    for (let i = 0; i < 100 && !thrown; i++)
      try {
        change();
      } catch (err) {
        thrown = err;
      }
    expect(thrown).toBeInstanceOf(AuditUnavailableError);
    expect((thrown as AuditUnavailableError).code).toBe("SQLITE_FULL");
    const things = (db.prepare("SELECT count(*) AS n FROM things").get() as { n: number }).n;
    const entries = (db.prepare("SELECT count(*) AS n FROM audit_log").get() as { n: number }).n;
    // Every change that was made has its entry (after the sign-in), and the failed one neither.
    expect(entries).toBe(things + 1);
    expect(verifyChain(db)).toMatchObject({ ok: true, entries });
    expect(logged()).toMatch(/\(SQLITE_FULL\)/);
    db.close();
  });
});
