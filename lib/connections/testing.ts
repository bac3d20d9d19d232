/** For the connection actions' tests: a submitted form, a valid one for the in-process service, a user row. */
import type { Store } from "@/lib/store/store";
import { northstar, TEST_BASE } from "@/partner-service/testing";

export function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** A new connection to the in-process service's Northstar partner, as the form sends it. */
export const validForm = {
  name: "Northstar",
  baseUrl: TEST_BASE,
  partnerId: northstar.partnerId,
  clientId: northstar.clientId,
  clientSecret: northstar.clientSecret,
  studies: "ONC-101, ONC-102",
};

/** A user row with only what a connection needs of it; its ID. */
export async function addUserRow(store: Store, email: string): Promise<number> {
  const values = { email, name: email, role: "user" as const, created_at: "2026-01-01" };
  const row = await store.db
    .insertInto("users")
    .values({ ...values, password_hash: null, oidc_subject: null, disabled_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
