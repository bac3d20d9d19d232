/**
 * `npm run users` as an administrator runs it, against a portal database file: every change it makes has its
 * audit entry, with the command line's operator as actor (no portal user), and no password in any entry.
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const path = join(mkdtempSync(join(tmpdir(), "users-cli-")), "portal.db");
const users = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/users.ts", ...args], {
    env: { ...process.env, PORTAL_DB_PATH: path },
    encoding: "utf8",
  });

describe("npm run users, in the audit trail", () => {
  it("records add, disable, enable, reset-password and set-role; a refused command records nothing", {
    timeout: 60_000,
  }, () => {
    const given = "given-password-9a8b7c";
    expect(users("add", "cleo@example.org", "--name", "Cleo", "--password", given).status).toBe(0);
    expect(users("disable", "cleo@example.org").status).toBe(0);
    expect(users("enable", "cleo@example.org").status).toBe(0);
    const reset = users("reset-password", "cleo@example.org");
    expect(reset.status).toBe(0);
    const generated = /password for cleo@example.org: (\S+)/.exec(reset.stdout)?.[1];
    expect(generated).toMatch(/^[\w-]{20}$/);
    expect(users("set-role", "cleo@example.org", "admin").status).toBe(0);
    expect(users("disable", "nobody@example.org").status).toBe(1);
    expect(users("set-role", "cleo@example.org", "root").status).toBe(1);

    const db = new Database(path, { readonly: true });
    const rows = db.prepare("SELECT * FROM audit_log ORDER BY id").all() as Record<string, unknown>[];
    const { id } = db.prepare("SELECT id FROM users WHERE email = 'cleo@example.org'").get() as { id: number };
    db.close();
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
