/**
 * The portal's own database (users and their partner connections), opened
 * once per process. In demo mode the first open also creates the demo user
 * and its connection to the built-in partner service.
 */
import type Database from "better-sqlite3";
import { portalKeys } from "../crypto/portal-keys";
import { retireDemoUser, seedDemo } from "../demo/demo-account";
import { demoPartnerBaseUrl, env } from "../env";
import { openSqlite } from "../sqlite/open-sqlite";
import { portalMigrations } from "./portal-migrations";

/** Opens (creating when missing) a portal database and brings its schema up to date. */
export function openPortalDb(path: string): Database.Database {
  // Password hashes and sealed secrets: owner only. The busy timeout is for the users command, which writes while the server runs.
  return openSqlite(path, portalMigrations, { ownerOnly: true });
}

const SLOT = Symbol.for("study-portal.portalDb");
const slots = globalThis as unknown as Record<symbol, Database.Database | undefined>;

/** The process's portal database (on globalThis: Next.js may load this module more than once). */
export function portalDb(): Database.Database {
  let db = slots[SLOT];
  if (!db) {
    const e = env();
    db = openPortalDb(e.PORTAL_DB_PATH);
    if (e.DEMO_MODE) seedDemo(db, { baseUrl: demoPartnerBaseUrl(e), key: portalKeys().secretKey });
    else retireDemoUser(db);
    slots[SLOT] = db;
  }
  return db;
}
