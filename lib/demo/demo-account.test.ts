import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listConnections, openStoredConnection } from "@/lib/db/connections";
import { findUserByEmail, verifyPassword } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import { DEMO_CONNECTION_NAME, DEMO_USER, retireDemoUser, seedDemo } from "./demo-account";

describe.each(STORE_KINDS)("demo seeding (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => store.close());

  it("creates the demo user and its Northstar connection once", async () => {
    const key = randomBytes(32);
    await seedDemo(store, { baseUrl: "http://127.0.0.1:3100", key });
    await seedDemo(store, { baseUrl: "http://127.0.0.1:3100", key });
    const user = await verifyPassword(store, DEMO_USER.email, DEMO_USER.password);
    expect(user).toMatchObject({ email: "demo@studyportal.example", role: "user" });
    const connections = await listConnections(store, user!.id);
    expect(connections).toMatchObject([
      {
        name: DEMO_CONNECTION_NAME,
        baseUrl: "http://127.0.0.1:3100",
        partnerId: "NORTHSTAR",
        clientId: "northstar-portal",
        studies: ["ONC-101", "CARD-201", "ONC-102"],
      },
    ]);
    const stored = await openStoredConnection(store, user!.id, connections[0].id, key);
    expect(stored?.credentials().clientSecret).toBe(DEMO_PARTNERS[0].clientSecret);
  });

  it("two instances seeding at once leave one demo account with one connection", async () => {
    const key = randomBytes(32);
    const seeding = { baseUrl: "http://127.0.0.1:3100", key };
    await Promise.all([seedDemo(store, seeding), seedDemo(store, seeding)]);
    const user = await findUserByEmail(store, DEMO_USER.email);
    expect(await listConnections(store, user!.id)).toHaveLength(1);
  });

  it("outside demo mode a leftover demo account is disabled", async () => {
    await seedDemo(store, { baseUrl: "http://localhost:3000", key: randomBytes(32) });
    await retireDemoUser(store);
    expect((await findUserByEmail(store, DEMO_USER.email))?.disabled).toBe(true);
  });
});
