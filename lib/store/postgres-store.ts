/**
 * The PostgreSQL store: a connection pool (node-postgres) behind the store interface, its schema brought up to date
 * by Kysely's Migrator before first use. Every instance of the portal opens one pool on the same database.
 */
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { postgresMigrations } from "./postgres-migrations";
import { type Store, storeOver } from "./store";
import type { PortalTables } from "./tables";

export interface PostgresStoreOptions {
  /** A schema to work in instead of the connection's default (tests give each run its own). */
  schema?: string;
  /** Connections in the pool. */
  max?: number;
}

const INT8 = 20;
// Audit entry IDs and session expiries are BIGINT: read them as numbers (exact to 2^53, far past any count here)
// so that both stores return the same types.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function openPostgresStore(url: string, { schema, max = 10 }: PostgresStoreOptions = {}): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    ...(schema ? { options: `-c search_path=${schemaName(schema)}` } : {}),
  });
  // An idle connection's error (the server restarted) must not end the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor one in use: its query fails with the error (the pool drops the connection when it comes back), but the
  // client also emits it, which the pool listens for only while the connection is idle.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<PortalTables>({ dialect: new PostgresDialect({ pool }) });
  const store = storeOver("postgres", db, () => db.destroy());
  try {
    await migratePostgres(db);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/** Applies the pending migrations; throws the first failure with its migration's name. */
export async function migratePostgres(db: Kysely<PortalTables>): Promise<void> {
  // The Migrator looks for its tables in every schema of the database unless given one: stores in other schemas
  // (tests side by side) would pass for this one's.
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => postgresMigrations },
    migrationTableName: "store_migrations",
    migrationLockTableName: "store_migrations_lock",
    migrationTableSchema: rows[0]?.schema ?? undefined,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === "Error")?.migrationName ?? "a migration";
    throw new Error(`The PostgreSQL store could not be migrated (${failed}): ${(error as Error).message ?? error}`);
  }
}

/** A schema name is an identifier, never a value: only plain lower-case names are taken. */
function schemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error("A store schema name is lower-case letters, digits and _.");
  return name;
}
