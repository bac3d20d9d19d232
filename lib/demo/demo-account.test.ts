import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listConnections, openStoredConnection } from "@/lib/db/connections";
import { openPortalDb } from "@/lib/db/portal-db";
import { findUserByEmail, verifyPassword } from "@/lib/db/users";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import { DEMO_CONNECTION_NAME, DEMO_USER, retireDemoUser, seedDemo } from "./demo-account";

describe("demo seeding", () => {
  it("creates the demo user and its Northstar connection once", async () => {
    const db = openPortalDb(":memory:");
    const key = randomBytes(32);
    seedDemo(db, { baseUrl: "http://127.0.0.1:3100", key });
    seedDemo(db, { baseUrl: "http://127.0.0.1:3100", key });
    const user = await verifyPassword(db, DEMO_USER.email, DEMO_USER.password);
    expect(user).toMatchObject({ email: "demo@studyportal.example", role: "user" });
    const connections = listConnections(db, user!.id);
    expect(connections).toMatchObject([
      {
        name: DEMO_CONNECTION_NAME,
        baseUrl: "http://127.0.0.1:3100",
        partnerId: "NORTHSTAR",
        clientId: "northstar-portal",
        studies: ["ONC-101", "CARD-201", "ONC-102"],
      },
    ]);
    expect(openStoredConnection(db, user!.id, connections[0].id, key)?.credentials().clientSecret).toBe(
      DEMO_PARTNERS[0].clientSecret,
    );
  });

  it("outside demo mode a leftover demo account is disabled", () => {
    const db = openPortalDb(":memory:");
    seedDemo(db, { baseUrl: "http://localhost:3000", key: randomBytes(32) });
    retireDemoUser(db);
    expect(findUserByEmail(db, DEMO_USER.email)?.disabled).toBe(true);
  });
});
