/**
 * The portal's own database (users and their partner connections), opened
 * once per process. Demo seeding is not done here but at start-up
 * (server/portal-startup.ts), so that this store depends on nothing above it.
 */
import type Database from "better-sqlite3";
import { env } from "@/lib/config/env";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { openSqlite } from "@/lib/sqlite/open-sqlite";
import { portalMigrations } from "./sqlite-migrations";

/** Opens (creating when missing) a portal database and brings its schema up to date. */
export function openPortalDb(path: string): Database.Database {
  // Password hashes and sealed secrets: owner only. The busy timeout is for the users command, which writes while
  // the server runs.
  return openSqlite(path, portalMigrations, { ownerOnly: true });
}

/** The process's portal database. */
export function portalDb(): Database.Database {
  return processSingleton("portalDb", () => openPortalDb(env().PORTAL_DB_PATH));
}
