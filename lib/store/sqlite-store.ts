/**
 * The SQLite store: the portal's database file (./sqlite-file.ts opens and migrates it) behind the interface. Its
 * write-ahead log is checkpointed a second after the store's writes (docs/store.md, One interface, two dialects), not
 * inside the commit that takes it past SQLite's threshold: a write's answer does not wait for the copy of its pages
 * into the database (150 MB and 0.6 s for a million marks).
 */
import type Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { type Store, storeOver } from "./store";
import type { PortalTables } from "./tables";

/**
 * Log pages past which SQLite still checkpoints inside a commit (400 MiB of 4 KiB pages): a safety net bounding the
 * log on disk should statements outside write() grow it with no write of the store to follow them.
 */
const INLINE_CHECKPOINT_PAGES = 100_000;
/** The wait after a write before its checkpoint: the writes of a second share one. */
const CHECKPOINT_DELAY_MS = 1_000;

/** A store over an open portal database; closing the store closes the database. */
export function sqliteStore(database: Database.Database): Store {
  const db = new Kysely<PortalTables>({ dialect: new SqliteDialect({ database }) });
  database.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const checkpoint = async () => {
    timer = undefined;
    if (!database.open) return;
    // Through the connection's turn: never inside another write's transaction. PASSIVE: copies what no reader
    // still needs, waits for nobody; the next write's checkpoint copies the rest.
    await db
      .connection()
      .execute((conn) => sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(conn))
      .catch(() => {});
  };
  const store = storeOver("sqlite", db, async () => {
    clearTimeout(timer);
    if (database.open) database.close();
  });
  return {
    ...store,
    write: async (fn, options) => {
      const result = await store.write(fn, options);
      if (timer === undefined) {
        timer = setTimeout(checkpoint, CHECKPOINT_DELAY_MS);
        timer.unref();
      }
      return result;
    },
  };
}
