/**
 * The connection actions' audit entries, written by the form actions themselves (lib/connections/form-actions)
 * against the in-process partner service: what each entry says, that no secret is in any of them, that a
 * refused connection ID is recorded as such, and that a change whose entry cannot be written does not happen.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

const { listConnections } = await import("@/lib/db/connections");
const { createFromForm, removeFromForm, testFromForm, updateFromForm } = await import("./form-actions");
const { memoryConnectionTestLimit } = await import("./test-limit");
const { addUserRow, form, validForm } = await import("./testing");

const SECRET = northstar.clientSecret;
const OLD_SECRET = "first-secret-entered-4b1d0c";
let t: TestService;

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 4, visits: 2 } });
});
afterAll(() => t.db.close());

const valid = validForm;

describe.each(STORE_KINDS)("connection actions in the audit trail (%s)", (kind) => {
  let store: Store;
  let alice: { userId: number; address: string };
  let bob: { userId: number; address: string };
  beforeEach(async () => {
    // Refusals are counted per user ID in the process (lib/audit/record-refusal.ts): each store starts afresh.
    forgetProcessSingleton("accessRefusalSampler");
    store = await testStore(kind);
    alice = { userId: await addUserRow(store, "alice@example.org"), address: "192.0.2.1" };
    bob = { userId: await addUserRow(store, "bob@example.org"), address: "192.0.2.2" };
  });
  afterEach(async () => store.close());

  const rows = () => store.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
  const entries = async () =>
    (await rows()).map((r) => ({
      action: r.action,
      actor: r.actor_id,
      connection: r.connection_id,
      details: JSON.parse(r.details),
    }));
  const list = (userId: number) => listConnections(store, userId);

  it("records create, update (which fields), delete and test, with no secret in any entry", async () => {
    await createFromForm(store, alice, form({ ...valid, clientSecret: OLD_SECRET }));
    const [c] = await list(alice.userId);
    await updateFromForm(store, alice, form({ ...valid, id: c.id, name: "Renamed", clientSecret: SECRET }));
    await updateFromForm(
      store,
      alice,
      form({ ...valid, id: c.id, name: "Renamed", clientSecret: "", studies: "ONC-101" }),
    );
    await updateFromForm(
      store,
      alice,
      form({ ...valid, id: c.id, name: "Renamed", clientSecret: "", studies: "ONC-101" }),
    );
    const limit = memoryConnectionTestLimit();
    await testFromForm(store, alice, form({ id: c.id }), { fetch: t.fetch }, limit);
    await removeFromForm(store, alice, form({ id: c.id }));
    const on = { actor: alice.userId, connection: c.id };
    expect(await entries()).toEqual([
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
    expect((await rows()).every((r) => r.address === alice.address)).toBe(true);
    const whole = JSON.stringify(await rows());
    for (const secret of [SECRET, OLD_SECRET]) expect(whole).not.toContain(secret);
  });

  it("records a test that could not sign in, and a study the partner does not grant", async () => {
    await createFromForm(store, alice, form({ ...valid, clientSecret: "wrong-secret" }));
    await createFromForm(store, bob, form(valid));
    const [a] = await list(alice.userId);
    const [b] = await list(bob.userId);
    const limit = memoryConnectionTestLimit();
    await testFromForm(store, alice, form({ id: a.id }), { fetch: t.fetch }, limit);
    await testFromForm(store, bob, form({ id: b.id }), { fetch: t.fetch }, limit);
    const tests = (await entries()).filter((e) => e.action === "connection.test");
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
    expect(JSON.stringify(await rows())).not.toContain("wrong-secret");
  });

  it("records another user's connection ID and an unknown one as refused, changing nothing", async () => {
    await createFromForm(store, alice, form(valid));
    const [c] = await list(alice.userId);
    const unknown = randomUUID();
    expect(await removeFromForm(store, bob, form({ id: c.id }))).toMatchObject({ ok: false });
    expect(await updateFromForm(store, bob, form({ ...valid, id: unknown }))).toMatchObject({ ok: false });
    expect(await testFromForm(store, bob, form({ id: c.id }))).toMatchObject({ ok: false });
    // The second refusal of a kind within the minute has no entry of its own: the next one of its kind counts it.
    expect((await entries()).slice(1)).toEqual([
      { action: "access.refused", actor: bob.userId, connection: c.id, details: refusal("other_users_connection") },
      { action: "access.refused", actor: bob.userId, connection: unknown, details: refusal("unknown_connection") },
    ]);
    expect(await list(alice.userId)).toHaveLength(1);
  });

  it("makes no change whose entry cannot be written", async () => {
    // A storage failure at the entry's insert, in each store's own trigger language.
    const broken =
      kind === "sqlite"
        ? sql`CREATE TRIGGER broken BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'disk full'); END`
        : sql`CREATE TRIGGER broken BEFORE INSERT ON audit_log
              FOR EACH ROW EXECUTE FUNCTION audit_log_refuse('disk full')`;
    await broken.execute(store.db);
    await expect(createFromForm(store, alice, form(valid))).rejects.toThrow(/disk full/);
    expect(await list(alice.userId)).toEqual([]);
  });
});

const refusal = (reason: string) => ({ reason, via: "connection_form", unrecorded: 0 });
