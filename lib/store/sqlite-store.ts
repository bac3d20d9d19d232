/** The SQLite store: the portal's database file (./sqlite-file.ts opens and migrates it) behind the interface. */
import type Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { type Store, storeOver } from "./store";
import type { PortalTables } from "./tables";

/** A store over an open portal database; closing the store closes the database. */
export function sqliteStore(database: Database.Database): Store {
  const db = new Kysely<PortalTables>({ dialect: new SqliteDialect({ database }) });
  return storeOver("sqlite", db, async () => {
    if (database.open) database.close();
  });
}
