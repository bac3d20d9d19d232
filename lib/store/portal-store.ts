/**
 * The process's portal store: PostgreSQL when DATABASE_URL is set, else the SQLite file at PORTAL_DB_PATH. Opened
 * once per process (and migrated before first use); a failed opening is forgotten, so the next request tries again
 * rather than keep a broken pool.
 */
import { env } from "@/lib/config/env";
import { forgetProcessSingleton, processSingleton } from "@/lib/runtime/process-singleton";
import { openPortalDb, portalDb } from "@/lib/store/sqlite-file";
import { openPostgresStore } from "./postgres-store";
import { sqliteStore } from "./sqlite-store";
import type { Store } from "./store";

const NAME = "portalStore";

export function portalStore(): Promise<Store> {
  return processSingleton(NAME, () => {
    const url = env().DATABASE_URL;
    const opening = url ? openPostgresStore(url) : Promise.resolve(sqliteStore(portalDb()));
    opening.catch(() => forgetProcessSingleton(NAME));
    return opening;
  });
}

/**
 * A store for a command run beside the server (the users and audit commands, benchmarks' set-up): PostgreSQL when
 * DATABASE_URL is set, else the SQLite file at `sqlitePath` (default PORTAL_DB_PATH). Close it when done.
 */
export async function openConfiguredStore(sqlitePath = env().PORTAL_DB_PATH): Promise<Store> {
  const url = env().DATABASE_URL;
  return url ? openPostgresStore(url, { max: 2 }) : sqliteStore(openPortalDb(sqlitePath));
}
