/**
 * Opening a SQLite database the way both stores use it (the portal's and the
 * partner service's): write-ahead log, foreign keys, a five-second busy
 * timeout for another process writing, and the schema brought up to date.
 * No Next.js imports: the partner service and the scripts use it too.
 */

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { type Migration, migrate } from "./migrate";

export interface OpenSqliteOptions {
  /**
   * The files readable by their owner only: a new database is created so before SQLite opens it (SQLite gives its
   * -wal and -shm files the main file's mode), and an existing one that others may read is made so at every open.
   */
  ownerOnly?: boolean;
  /** Further pragmas, set right after the journal mode. */
  pragmas?: readonly string[];
}

export function openSqlite(
  path: string,
  migrations: readonly Migration[],
  { ownerOnly = false, pragmas = [] }: OpenSqliteOptions = {},
): Database.Database {
  if (ownerOnly && path !== ":memory:") makeOwnerOnly(path);
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  for (const p of pragmas) db.pragma(p);
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db, migrations);
  return db;
}

/** Creates the database file empty with mode 0600 when missing (SQLite takes an empty file as a new database). */
function makeOwnerOnly(path: string): void {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    closeSync(openSync(path, "wx", 0o600));
  }
  // A file from an older version, a copy or a restore may have lost its mode: the database holds secrets' hashes.
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
}
