/**
 * The connection actions' audit entries, written by the form actions themselves (lib/connections/form-actions)
 * against the in-process partner service: what each entry says, that no secret is in any of them, that a
 * refused connection ID is recorded as such, and that a change whose entry cannot be written does not happen.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

const { openPortalDb } = await import("@/lib/db/portal-db");
const { listConnections } = await import("@/lib/db/connections");
const { createFromForm, removeFromForm, testFromForm, updateFromForm } = await import("./form-actions");
const { ConnectionTestLimit } = await import("./test-limit");
const { addUserRow, form, validForm } = await import("./testing");

const SECRET = northstar.clientSecret;
const OLD_SECRET = "first-secret-entered-4b1d0c";
let t: TestService;
let db: Database.Database;
let alice: { userId: number; address: string };
let bob: { userId: number; address: string };

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 4, visits: 2 } });
});
afterAll(() => t.db.close());
beforeEach(() => {
  db = openPortalDb(":memory:");
  alice = { userId: addUserRow(db, "alice@example.org"), address: "192.0.2.1" };
  bob = { userId: addUserRow(db, "bob@example.org"), address: "192.0.2.2" };
});

const valid = validForm;
type Row = Record<string, unknown> & { details: string };
const rows = () => db.prepare("SELECT * FROM audit_log ORDER BY id").all() as Row[];
const entries = () =>
  rows().map((r) => ({
    action: r.action,
    actor: r.actor_id,
    connection: r.connection_id,
    details: JSON.parse(r.details),
  }));

describe("connection actions in the audit trail", () => {
  it("records create, update (which fields), delete and test, with no secret in any entry", async () => {
    createFromForm(db, alice, form({ ...valid, clientSecret: OLD_SECRET }));
    const [c] = listConnections(db, alice.userId);
    updateFromForm(db, alice, form({ ...valid, id: c.id, name: "Renamed", clientSecret: SECRET }));
    updateFromForm(db, alice, form({ ...valid, id: c.id, name: "Renamed", clientSecret: "", studies: "ONC-101" }));
    updateFromForm(db, alice, form({ ...valid, id: c.id, name: "Renamed", clientSecret: "", studies: "ONC-101" }));
    const limit = new ConnectionTestLimit();
    await testFromForm(db, alice, form({ id: c.id }), { fetch: t.fetch }, limit);
    removeFromForm(db, alice, form({ id: c.id }));
    const on = { actor: alice.userId, connection: c.id };
    expect(entries()).toEqual([
      {
        action: "connection.create",
        ...on,
        details: {
          name: "Northstar",
          baseUrl: TEST_BASE,
          partnerId: northstar.partnerId,
          clientId: northstar.clientId,
          studies: ["ONC-101", "ONC-102"],
        },
      },
      { action: "connection.update", ...on, details: { name: "Renamed", fields: ["name", "clientSecret"] } },
      { action: "connection.update", ...on, details: { name: "Renamed", fields: ["studies"] } },
      { action: "connection.update", ...on, details: { name: "Renamed", fields: [] } },
      {
        action: "connection.test",
        ...on,
        details: {
          outcome: "connected",
          failure: null,
          studies: [{ study: "ONC-101", status: "accessible", failure: null }],
        },
      },
      { action: "connection.delete", ...on, details: { name: "Renamed" } },
    ]);
    expect(rows().every((r) => r.address === alice.address)).toBe(true);
    const whole = JSON.stringify(rows());
    for (const secret of [SECRET, OLD_SECRET]) expect(whole).not.toContain(secret);
  });

  it("records a test that could not sign in, and a study the partner does not grant", async () => {
    createFromForm(db, alice, form({ ...valid, clientSecret: "wrong-secret" }));
    createFromForm(db, bob, form(valid));
    const [a] = listConnections(db, alice.userId);
    const [b] = listConnections(db, bob.userId);
    const limit = new ConnectionTestLimit();
    await testFromForm(db, alice, form({ id: a.id }), { fetch: t.fetch }, limit);
    await testFromForm(db, bob, form({ id: b.id }), { fetch: t.fetch }, limit);
    const tests = entries().filter((e) => e.action === "connection.test");
    expect(tests.map((e) => e.details)).toEqual([
      { outcome: "not_connected", failure: "authentication", studies: [] },
      {
        outcome: "connected",
        failure: null,
        studies: [
          { study: "ONC-101", status: "accessible", failure: null },
          { study: "ONC-102", status: "forbidden", failure: "forbidden" },
        ],
      },
    ]);
    expect(JSON.stringify(rows())).not.toContain("wrong-secret");
  });

  it("records another user's connection ID and an unknown one as refused, changing nothing", async () => {
    createFromForm(db, alice, form(valid));
    const [c] = listConnections(db, alice.userId);
    const unknown = randomUUID();
    expect(removeFromForm(db, bob, form({ id: c.id }))).toMatchObject({ ok: false });
    expect(updateFromForm(db, bob, form({ ...valid, id: unknown }))).toMatchObject({ ok: false });
    expect(await testFromForm(db, bob, form({ id: c.id }))).toMatchObject({ ok: false });
    // The second refusal of a kind within the minute has no entry of its own: the next one of its kind counts it.
    expect(entries().slice(1)).toEqual([
      { action: "access.refused", actor: bob.userId, connection: c.id, details: refusal("other_users_connection") },
      { action: "access.refused", actor: bob.userId, connection: unknown, details: refusal("unknown_connection") },
    ]);
    expect(listConnections(db, alice.userId)).toHaveLength(1);
  });

  it("makes no change whose entry cannot be written", () => {
    db.exec("CREATE TRIGGER broken BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    expect(() => createFromForm(db, alice, form(valid))).toThrow(/disk full/);
    expect(listConnections(db, alice.userId)).toEqual([]);
  });
});

const refusal = (reason: string) => ({ reason, via: "connection_form", unrecorded: 0 });
