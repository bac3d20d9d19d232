/**
 * The demo account. Its password is published (README), so it exists only in
 * demo mode: a database that was used for a demo and is then served without
 * DEMO_MODE gets the account disabled rather than left open to anyone.
 */
import type { Database } from "better-sqlite3";
import { createConnection } from "@/lib/db/connections";
import { addUserSync, disableUser, findUserByEmail } from "@/lib/db/users";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";

export const DEMO_USER = {
  email: "demo@studyportal.example",
  password: "demo-portal-2024!",
  name: "Demo User",
} as const;
export const DEMO_CONNECTION_NAME = "Demo partner service (Northstar)";
// ONC-102 is granted to Lakeside, not Northstar: the demo shows what a forbidden study looks like.
export const DEMO_STUDIES = ["ONC-101", "CARD-201", "ONC-102"];

/** Creates the demo user and its connection to the built-in partner service, once. */
export function seedDemo(db: Database, opts: { baseUrl: string; key: Buffer }): void {
  if (findUserByEmail(db, DEMO_USER.email)) return;
  const northstar = DEMO_PARTNERS.find((p) => p.partnerId === "NORTHSTAR")!;
  db.transaction(() => {
    const user = addUserSync(db, { ...DEMO_USER, role: "user" });
    createConnection(
      db,
      user.id,
      {
        name: DEMO_CONNECTION_NAME,
        baseUrl: opts.baseUrl,
        partnerId: northstar.partnerId,
        clientId: northstar.clientId,
        studies: DEMO_STUDIES,
      },
      northstar.clientSecret,
      opts.key,
    );
  })();
}

/** Outside demo mode: disables a leftover demo account. */
export function retireDemoUser(db: Database): void {
  const demo = findUserByEmail(db, DEMO_USER.email);
  if (demo && !demo.disabled) {
    disableUser(db, demo.email);
    console.warn(`portal: disabled the demo account ${demo.email}; its password is public and DEMO_MODE is off.`);
  }
}
