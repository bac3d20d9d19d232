/**
 * Test support: a fresh, migrated portal store of either kind. SQLite is in memory; PostgreSQL is a schema of its
 * own in the database at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, which `npm test`
 * makes sure answers: scripts/ensure-postgres.sh), dropped when the store closes. The store's tests run on both
 * kinds.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { openPostgresStore } from "./postgres-store";
import { sqliteStore } from "./sqlite-store";
import type { Store, StoreKind } from "./store";

export const STORE_KINDS: readonly StoreKind[] = ["sqlite", "postgres"];

/** The advisory lock the test stores' schema changes take (any number no other code uses). */
const SCHEMA_LOCK = 7_104_311;

export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A new empty store of this kind; close it at the end of the test. */
export async function testStore(kind: StoreKind): Promise<Store> {
  if (kind === "sqlite") return sqliteStore(openPortalDb(":memory:"));
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect().catch((err: Error) => {
    throw new Error(
      `No PostgreSQL answers at TEST_DATABASE_URL (${err.message}); run scripts/ensure-postgres.sh, or set the URL.`,
    );
  });
  let store: Store;
  try {
    // Kysely's migrator reads every schema's tables; a schema dropped by a test running beside it meanwhile fails
    // that read. Schemas are made, migrated and dropped one at a time across the test processes.
    await admin.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK]);
    await admin.query(`CREATE SCHEMA ${schema}`);
    store = await openPostgresStore(testDatabaseUrl(), { schema, max: 4 });
  } finally {
    await admin.end();
  }
  const tested: Store = {
    ...store,
    close: async () => {
      await store.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl() });
      await cleanup.connect();
      try {
        await cleanup.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK]);
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await cleanup.end();
      }
    },
  };
  schemas.set(tested, schema);
  return tested;
}

const schemas = new WeakMap<Store, string>();

/**
 * The schema of a PostgreSQL store from testStore, for a test that opens more stores on it, as more instances of the
 * portal would (`openPostgresStore(testDatabaseUrl(), { schema })`, closed before the test's store).
 */
export function testStoreSchema(store: Store): string {
  const schema = schemas.get(store);
  if (!schema) throw new Error("Not a PostgreSQL store from testStore.");
  return schema;
}

/**
 * Runs `work` while no test process makes or drops a schema: for a test whose child process opens a store itself
 * (`npm run audit` on DATABASE_URL), whose migrator reads every schema's tables as testStore's does.
 */
export async function whileNoSchemaChanges<T>(work: () => T | Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: testDatabaseUrl() });
  await holder.connect();
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK]);
    return await work();
  } finally {
    await holder.end();
  }
}
