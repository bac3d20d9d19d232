/**
 * The demo account. Its password is published (README), so it exists only in
 * demo mode: a database that was used for a demo and is then served without
 * DEMO_MODE gets the account disabled rather than left open to anyone.
 */
import { createConnection } from "@/lib/db/connections";
import { addUser, disableUser, findUserByEmail } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";

export const DEMO_USER = {
  email: "demo@studyportal.example",
  password: "demo-portal-2024!",
  name: "Demo User",
} as const;
export const DEMO_CONNECTION_NAME = "Demo partner service (Northstar)";
// ONC-102 is granted to Lakeside, not Northstar: the demo shows what a forbidden study looks like.
export const DEMO_STUDIES = ["ONC-101", "CARD-201", "ONC-102"];

/**
 * Creates the demo user and its connection to the built-in partner service, once: both in one transaction. Another
 * instance seeding the same store at the same moment (PostgreSQL) makes this one's insert fail; its account stands.
 */
export async function seedDemo(store: Store, opts: { baseUrl: string; key: Buffer }): Promise<void> {
  if (await findUserByEmail(store, DEMO_USER.email)) return;
  const northstar = DEMO_PARTNERS.find((p) => p.partnerId === "NORTHSTAR")!;
  const connection = {
    name: DEMO_CONNECTION_NAME,
    baseUrl: opts.baseUrl,
    partnerId: northstar.partnerId,
    clientId: northstar.clientId,
    studies: DEMO_STUDIES,
  };
  try {
    await addUser(store, { ...DEMO_USER, role: "user" }, async (tx, user) => {
      await createConnection(tx, user.id, connection, northstar.clientSecret, opts.key);
    });
  } catch (err) {
    if (!(await findUserByEmail(store, DEMO_USER.email))) throw err;
  }
}

/** Outside demo mode: disables a leftover demo account. */
export async function retireDemoUser(store: Store): Promise<void> {
  const demo = await findUserByEmail(store, DEMO_USER.email);
  if (demo && !demo.disabled) {
    await disableUser(store, demo.email);
    console.warn(`portal: disabled the demo account ${demo.email}; its password is public and DEMO_MODE is off.`);
  }
}
