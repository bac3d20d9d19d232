/** Test support for the portal store's tables. */
import bcrypt from "bcryptjs";
import { sql } from "kysely";
import type { Store, StoreKind } from "@/lib/store/store";

/**
 * A bcrypt hash (cost 4) of the given version, as accounts from before argon2id hold: made by another
 * implementation than the one that checks it.
 */
export const legacyBcrypt = (password: string, version: "2a" | "2b") =>
  bcrypt.hashSync(password, bcrypt.genSaltSync(4).replace(/^\$2b\$/, `$${version}$`));

/**
 * Which database answers behind a store, asked of the database itself rather than of `store.kind`: PostgreSQL has
 * version(), SQLite only sqlite_version(). A test of either kind checks with it that it ran where it says.
 */
export async function databaseEngine(store: Store): Promise<StoreKind | "unknown"> {
  try {
    const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(store.db);
    return rows[0]?.v.startsWith("PostgreSQL ") ? "postgres" : "unknown";
  } catch {
    const { rows } = await sql<{ v: string }>`SELECT sqlite_version() AS v`.execute(store.db);
    return /^3\.\d+/.test(rows[0]?.v ?? "") ? "sqlite" : "unknown";
  }
}

/** An account row without a password (no hashing: for tests of what hangs off a user); its ID. */
export async function insertUserRow(store: Store, email: string): Promise<number> {
  const { id } = await store.db
    .insertInto("users")
    .values({
      email,
      name: email,
      password_hash: null,
      role: "user",
      oidc_subject: null,
      disabled_at: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
