/**
 * What the portal specs do on the test server's side rather than through its pages: its files (ROOT), accounts
 * made with the real users command against its portal database, a connection written straight into that database,
 * and a study's subjects counted in its partner database. Never for e2e/qa or e2e/pages, which reach a portal over
 * HTTP only (the layer rule qa-suite-needs-only-http).
 */

import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { NORTHSTAR } from "../api/support/addresses";
import { dbCount } from "../api/support/database";

/** The repository's root (this file is e2e/support/server.ts). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The server's portal database, as playwright.config.ts's webServer env sets it. */
export const PORTAL_DB_PATH = "data/e2e/portal.db";

/** A fresh account, created by `npm run users -- add` as an administrator would. */
export function createUser(label: string): { email: string; password: string } {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = `pw-${Math.random().toString(36).slice(2)}-long`;
  usersCommand("add", email, "--name", label, "--password", password);
  return { email, password };
}

/** The server's secret key file, as playwright.config.ts's webServer env sets it (demo mode generates it). */
const PORTAL_KEY_FILE = "data/e2e/portal.key";

export function usersCommand(...args: string[]): string {
  // The command writes audit entries, keyed like the server's (docs/audit.md, "The keyed chain").
  const PORTAL_SECRET_KEY = readFileSync(join(ROOT, PORTAL_KEY_FILE), "utf8").trim();
  return execFileSync("npx", ["tsx", "scripts/users.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_DB_PATH, PORTAL_SECRET_KEY },
    encoding: "utf8",
  });
}

/** The subjects of a study in the server's partner database. */
export const subjectCount = (study: string): number => dbCount("subjects", study);

/**
 * A connection written straight into the server's portal database, bypassing
 * the form's checks, as one saved under an earlier configuration would be.
 * Its secret is a placeholder: only the address checks come before opening it.
 */
export function storeConnection(email: string, c: { name: string; baseUrl: string; studies: string[] }): string {
  const db = new Database(join(ROOT, PORTAL_DB_PATH), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const { id: userId } = db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number };
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO connections
         (id, user_id, name, base_url, partner_id, client_id, secret_sealed, studies, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'placeholder', ?, ?, ?)`,
    ).run(id, userId, c.name, c.baseUrl, NORTHSTAR.partnerId, NORTHSTAR.clientId, JSON.stringify(c.studies), now, now);
    return id;
  } finally {
    db.close();
  }
}
