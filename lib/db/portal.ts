/**
 * The portal's own database (users and their partner connections), opened
 * once per process. In demo mode the first open also creates the demo user
 * and its connection to the built-in partner service.
 */
import Database from "better-sqlite3";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { demoPartnerBaseUrl, env } from "../env";
import { portalKeys } from "../crypto/keys";
import { migrate } from "./migrate";
import { portalMigrations } from "./portal-schema";
import { retireDemoUser, seedDemo } from "./demo-seed";

/** Opens (creating when missing) a portal database and brings its schema up to date. */
export function openPortalDb(path: string): Database.Database {
  const inMemory = path === ":memory:";
  const isNew = !inMemory && !existsSync(path);
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // Password hashes and sealed secrets: owner only (SQLite gives its -wal and -shm files the same mode).
  if (isNew) chmodSync(path, 0o600);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  // The users command writes while the server runs.
  db.pragma("busy_timeout = 5000");
  migrate(db, portalMigrations);
  return db;
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
