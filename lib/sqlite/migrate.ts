/** A minimal versioned migration runner shared by the service and portal stores. */
import type { Database } from "better-sqlite3";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Applies every migration above the database's `user_version`, each in its own transaction. */
export function migrate(db: Database, migrations: readonly Migration[]): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  const pending = [...migrations].filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${Math.trunc(m.version)}`);
    })();
  }
  return pending.length ? pending[pending.length - 1].version : current;
}
