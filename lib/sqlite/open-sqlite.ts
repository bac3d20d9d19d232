/**
 * Opening a SQLite database the way both stores use it (the portal's and the
 * partner service's): write-ahead log, foreign keys, a five-second busy
 * timeout for another process writing, and the schema brought up to date.
 * No Next.js imports: the partner service and the scripts use it too.
 */

import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { type Migration, migrate } from "./migrate";

export interface OpenSqliteOptions {
  /**
   * Creates the folder when missing, and a new file readable by its owner only (SQLite gives its -wal and -shm files
   * the same mode).
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
  const onDisk = ownerOnly && path !== ":memory:";
  const isNew = onDisk && !existsSync(path);
  if (onDisk) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (isNew) chmodSync(path, 0o600);
  db.pragma("journal_mode = WAL");
  for (const p of pragmas) db.pragma(p);
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db, migrations);
  return db;
}
