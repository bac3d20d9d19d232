/**
 * A store that cannot be written (docs/audit.md, "When the store cannot be written"): an action that must be audited
 * is refused with a message saying why, and not done; a refusal stands; reading the trail still works; the
 * administrator gets one line on stderr a minute per cause, without the entry's content. SQLite read-only and full,
 * PostgreSQL read-only, unreachable and cut off (the failure codes alone: lib/audit/storage-failure-code.test.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { openPostgresStore } from "@/lib/store/postgres-store";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import { type Store, storeOver } from "@/lib/store/store";
import type { PortalTables } from "@/lib/store/tables";
import { testDatabaseUrl, testStore, testStoreSchema } from "@/lib/store/testing";
import type { AuditInput } from "./audit-events";
import { listAuditEntries } from "./list-entries";
import { audited, recordAudit } from "./record-audit";
import { recordAccessRefusal } from "./record-refusal";
import { RefusalSampler } from "./refusal-sampler";
import { addTestUser, auditCount } from "./testing";
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

let stderr: MockInstance<typeof console.error>;
beforeEach(() => {
  stderr = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => stderr.mockRestore());

const logged = () => stderr.mock.calls.map((c) => c.join(" ")).join("\n");

/** A trail of one entry, of user 1. */
async function oneEntry(store: Store): Promise<void> {
  await addTestUser(store, 1, "ana@example.org", "A");
  await recordAudit(store, { actor: 1, action: "auth.sign_in", details: { method: "password" } });
  stderr.mockClear();
}

/** What a store that cannot be written does: the action refused, a refusal standing, the trail still read. */
async function refusesButReads(store: Store, code: RegExp): Promise<void> {
  let thrown: unknown;
  for (let i = 0; i < 20; i++)
    try {
      await recordAudit(store, exportFile);
    } catch (err) {
      thrown = err;
    }
  expect(thrown).toBeInstanceOf(AuditUnavailableError);
  expect((thrown as AuditUnavailableError).code).toMatch(code);
  expect((thrown as Error).message).toMatch(/cannot be written just now .* this action was not done\. Try again/);
  const refusal = { actor: 1, address: null, reason: "admin_only", via: "admin_page" } as const;
  await expect(recordAccessRefusal(store, refusal, new RefusalSampler())).resolves.toBeUndefined();
  expect((await listAuditEntries(store, {}, undefined)).entries).toHaveLength(1);
  expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 1 });
  // One line for the 21 failures, naming the cause and the action, nothing of the entry.
  expect(stderr).toHaveBeenCalledTimes(1);
  expect(logged()).toMatch(/^audit: the trail cannot be written \(.*\); the export\.file entry/);
  for (const secret of ["192.0.2.44", "secret-connection-id", "S-0042", "ana@example.org", "ONC-101"])
    expect(logged()).not.toContain(secret);
}

describe("a SQLite database that cannot be written", () => {
  let path: string;
  beforeEach(async () => {
    path = join(mkdtempSync(join(tmpdir(), "audit-unwritable-")), "portal.db");
    const store = sqliteStore(openPortalDb(path));
    await oneEntry(store);
    await store.close();
  });

  it("read-only: audited actions are refused with a message, refusals stand, the trail still reads", async () => {
    const store = sqliteStore(openPortalDb(path));
    await sql`PRAGMA query_only = ON`.execute(store.db);
    await refusesButReads(store, /^SQLITE_READONLY/);
    expect(logged()).toMatch(/\(SQLITE_READONLY.*\); the export\.file entry/);
    await store.close();
  });

  it("full: neither a change nor its entry is written, and the error says why", async () => {
    const store = sqliteStore(openPortalDb(path));
    await sql`CREATE TABLE things (x TEXT)`.execute(store.db);
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(store.db);
    await sql.raw(`PRAGMA max_page_count = ${Number(rows[0].page_count)}`).execute(store.db);
    const change = () =>
      audited(store, async (tx) => {
        await sql`INSERT INTO things VALUES (${"x".repeat(2000)})`.execute(tx.db);
        await recordAudit(tx, exportFile);
      });
    let thrown: unknown;
    for (let i = 0; i < 100 && !thrown; i++)
      try {
        await change();
      } catch (err) {
        thrown = err;
      }
    expect(thrown).toBeInstanceOf(AuditUnavailableError);
    expect((thrown as AuditUnavailableError).code).toBe("SQLITE_FULL");
    const things = await sql<{ n: number }>`SELECT count(*) AS n FROM things`.execute(store.db);
    const entries = await auditCount(store);
    // Every change that was made has its entry (after the sign-in), and the failed one neither.
    expect(entries).toBe(Number(things.rows[0].n) + 1);
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries });
    expect(logged()).toMatch(/\(SQLITE_FULL\)/);
    await store.close();
  });
});

describe("a PostgreSQL store that cannot be written", () => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore("postgres");
    await oneEntry(store);
  });
  afterEach(async () => store.close());

  it("read-only (a standby): audited actions are refused with a message, refusals stand, the trail reads", async () => {
    // An instance whose every transaction is read-only, as on a standby, on the same schema.
    const url = new URL(testDatabaseUrl());
    url.searchParams.set("options", `-c search_path=${testStoreSchema(store)} -c default_transaction_read_only=on`);
    const readOnly = await openPostgresStore(url.href, { max: 2 });
    try {
      await refusesButReads(readOnly, /^SQLSTATE 25006$/);
    } finally {
      await readOnly.close();
    }
  });

  it("unreachable: a change and its entry are refused, naming the connection's failure", async () => {
    // Port 1 on this machine: nothing listens there.
    const pool = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/none", max: 1 });
    const db = new Kysely<PortalTables>({ dialect: new PostgresDialect({ pool }) });
    const down = storeOver("postgres", db, () => db.destroy());
    try {
      await expect(recordAudit(down, exportFile)).rejects.toMatchObject({ code: "ECONNREFUSED" });
      const change = audited(down, (tx) => recordAudit(tx, exportFile));
      await expect(change).rejects.toBeInstanceOf(AuditUnavailableError);
      expect(logged()).toMatch(/^audit: the trail cannot be written \(ECONNREFUSED\); the export\.file entry/);
    } finally {
      await down.close();
    }
  });

  it("connection lost in the middle of a change: neither is written", async () => {
    const change = audited(store, async (tx) => {
      await addTestUser(tx, 2, "b@example.org", "B");
      await recordAudit(tx, exportFile);
      // The server ends this connection, as a restart or a failover would.
      await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(tx.db);
    });
    await expect(change).rejects.toMatchObject({ name: "AuditUnavailableError", code: "connection lost" });
    expect(await store.db.selectFrom("users").select("id").execute()).toEqual([{ id: 1 }]);
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 1 });
  });
});
