/** Test support for the audit trail: accounts to name as actors, and the tampering someone holding the store can do. */
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";

/** An account with this ID, as the actor an entry names. */
export async function addTestUser(
  store: Store,
  id: number,
  email: string,
  name = "U",
  role: "user" | "admin" = "user",
) {
  await store.db
    .insertInto("users")
    .values({ id, email, name, role, password_hash: null, oidc_subject: null, disabled_at: null, created_at: "" })
    .execute();
}

type AuditTrigger = "audit_log_follows_chain" | "audit_log_no_update" | "audit_log_no_delete" | "audit_log_stays_keyed";

/** Drops the trail's triggers (the same names in both stores, docs/store.md): what a holder of the store can do. */
export async function dropAuditTriggers(store: Store, ...triggers: AuditTrigger[]): Promise<void> {
  for (const t of triggers)
    await sql.raw(`DROP TRIGGER IF EXISTS ${t}${store.kind === "postgres" ? " ON audit_log" : ""}`).execute(store.db);
}

/** Entries in the trail. */
export async function auditCount(store: Store): Promise<number> {
  const { n } = await store.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
