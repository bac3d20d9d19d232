/**
 * `npm run users` as an administrator runs it, against a portal store of either kind (a SQLite file, or PostgreSQL
 * at DATABASE_URL): every change it makes has its audit entry, with the command line's operator as actor (no portal
 * user), and no password in any entry.
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store, StoreKind } from "@/lib/store/store";
import { STORE_KINDS, testDatabaseUrl, testStore, whileNoSchemaChanges } from "@/lib/store/testing";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

/** A store for the command, and the environment that points the command at it. */
async function commandStore(kind: StoreKind): Promise<{ store: Store; env: Record<string, string | undefined> }> {
  if (kind === "sqlite") {
    const path = join(mkdtempSync(join(tmpdir(), "users-cli-")), "portal.db");
    return { store: sqliteStore(openPortalDb(path)), env: { PORTAL_DB_PATH: path, DATABASE_URL: undefined } };
  }
  // The test store's own schema, which the command's connections take as their search path.
  const store = await testStore("postgres");
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(store.db);
  const url = new URL(testDatabaseUrl());
  url.searchParams.set("options", `-c search_path=${rows[0].schema}`);
  return { store, env: { DATABASE_URL: url.toString() } };
}

describe.each(STORE_KINDS)("npm run users, in the audit trail (%s)", (kind) => {
  let store: Store;
  afterEach(async () => store.close());

  it("records add, disable, enable, reset-password and set-role; a refused command records nothing", {
    timeout: 60_000,
  }, async () => {
    const target = await commandStore(kind);
    store = target.store;
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/users.ts", ...args], {
        env: { ...process.env, ...target.env },
        encoding: "utf8",
      });
    // The command migrates the store it opens, reading every schema's tables: none may be dropped meanwhile.
    const users = async (...args: string[]) =>
      kind === "postgres" ? whileNoSchemaChanges(() => run(...args)) : run(...args);
    const given = "given-password-9a8b7c";
    expect((await users("add", "cleo@example.org", "--name", "Cleo", "--password", given)).status).toBe(0);
    expect((await users("disable", "cleo@example.org")).status).toBe(0);
    expect((await users("enable", "cleo@example.org")).status).toBe(0);
    const reset = await users("reset-password", "cleo@example.org");
    expect(reset.status).toBe(0);
    const generated = /password for cleo@example.org: (\S+)/.exec(reset.stdout)?.[1];
    expect(generated).toMatch(/^[\w-]{20}$/);
    expect((await users("set-role", "cleo@example.org", "admin")).status).toBe(0);
    expect((await users("disable", "nobody@example.org")).status).toBe(1);
    expect((await users("set-role", "cleo@example.org", "root")).status).toBe(1);

    const rows = await store.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const { id } = await store.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "cleo@example.org")
      .executeTakeFirstOrThrow();
    const about = { user: { id, email: "cleo@example.org" }, operator: { via: "cli", osUser: userInfo().username } };
    expect(rows.map((r) => [r.action, r.actor_id, r.actor_email, JSON.parse(r.details as string)])).toEqual([
      ["user.add", null, null, { ...about, role: "user" }],
      ["user.disable", null, null, about],
      ["user.enable", null, null, about],
      ["user.reset_password", null, null, { ...about, generated: true }],
      ["user.role", null, null, { ...about, from: "user", to: "admin" }],
    ]);
    const whole = JSON.stringify(rows);
    expect(whole).not.toContain(given);
    expect(whole).not.toContain(generated);
  });
});
