import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

// The store seals with the process's key; give this test process one before anything reads the environment.
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

const { createConnection, listConnections, openStoredConnection } = await import("@/lib/db/connections");
const { createFromForm, removeFromForm, testFromForm, updateFromForm } = await import("./form-actions");
const { memoryConnectionTestLimit, TESTS_PER_MINUTE } = await import("./test-limit");
const { addUserRow, form, validForm } = await import("./testing");

let t: TestService;

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 6, visits: 2 } });
});
afterAll(() => t.db.close());

/** The user as a request names them for the audit trail. */
const as = (userId: number) => ({ userId, address: null });

const valid = validForm;

describe.each(STORE_KINDS)("connection form actions (%s)", (kind) => {
  let store: Store;
  let alice: number;
  let bob: number;
  beforeEach(async () => {
    store = await testStore(kind);
    alice = await addUserRow(store, "alice@example.org");
    bob = await addUserRow(store, "bob@example.org");
  });
  afterEach(async () => store.close());
  const list = (userId: number) => listConnections(store, userId);
  const stored = (userId: number, id: string) => openStoredConnection(store, userId, id);
  const allConnections = () => store.db.selectFrom("connections").selectAll().orderBy("id").execute();

  it("creates from a valid form; refuses an invalid one with field errors and without echoing the secret", async () => {
    expect(await createFromForm(store, as(alice), form(valid))).toMatchObject({ ok: true });
    expect(await list(alice)).toMatchObject([{ name: "Northstar", studies: ["ONC-101", "ONC-102"] }]);
    const refused = await createFromForm(
      store,
      as(alice),
      form({ ...valid, baseUrl: "nope", studies: "", clientSecret: "typed-secret" }),
    );
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { baseUrl: [expect.any(String)], studies: ["Enter at least one study number."] },
    });
    expect(JSON.stringify(refused)).not.toContain("typed-secret");
    expect(await createFromForm(store, as(alice), form({ ...valid, clientSecret: "" }))).toMatchObject({
      ok: false,
      fieldErrors: { clientSecret: ["Enter the client secret."] },
    });
  });

  it("edits keep the stored secret when the field is blank", async () => {
    await createFromForm(store, as(alice), form(valid));
    const [c] = await list(alice);
    expect(
      await updateFromForm(store, as(alice), form({ ...valid, id: c.id, name: "Renamed", clientSecret: "" })),
    ).toMatchObject({
      ok: true,
    });
    expect((await list(alice))[0].name).toBe("Renamed");
    expect((await stored(alice, c.id))?.credentials().clientSecret).toBe(northstar.clientSecret);
  });

  it("asks for the secret again if the base URL or client ID changes: a stored one never goes elsewhere", async () => {
    const other = "https://other-partner.example.org";
    await createFromForm(store, as(alice), form(valid), [TEST_BASE, other]);
    const [c] = await list(alice);
    for (const change of [{ baseUrl: other }, { clientId: "another-client" }]) {
      const state = await updateFromForm(store, as(alice), form({ ...valid, ...change, id: c.id, clientSecret: "" }), [
        TEST_BASE,
        other,
      ]);
      expect(state).toMatchObject({
        ok: false,
        fieldErrors: { clientSecret: [expect.stringMatching(/enter the client secret/)] },
      });
      // Nothing was saved: the stored connection still points where its secret was entered for.
      expect((await list(alice))[0]).toMatchObject({ baseUrl: TEST_BASE, clientId: northstar.clientId });
    }
    // With the secret entered again, the change is saved.
    const withSecret = form({ ...valid, baseUrl: other, id: c.id, clientSecret: "secret-for-other" });
    expect(await updateFromForm(store, as(alice), withSecret, [TEST_BASE, other])).toMatchObject({ ok: true });
    expect((await stored(alice, c.id))?.credentials()).toMatchObject({
      baseUrl: other,
      clientSecret: "secret-for-other",
    });
  });

  it("another user's connection ID in the form gets 'no such connection' and changes nothing", async () => {
    await createFromForm(store, as(alice), form(valid));
    const [c] = await list(alice);
    const before = await allConnections();
    for (const state of [
      await updateFromForm(store, as(bob), form({ ...valid, id: c.id, name: "Hijacked", clientSecret: "x" })),
      await removeFromForm(store, as(bob), form({ id: c.id })),
      await testFromForm(store, as(bob), form({ id: c.id }), { fetch: t.fetch }),
    ]) {
      expect(state).toEqual({ ok: false, fieldErrors: {}, message: expect.stringMatching(/^No such connection/) });
    }
    expect(await allConnections()).toEqual(before);
  });

  it("tests the user's own connection against the partner service", async () => {
    await createFromForm(store, as(alice), form(valid));
    const [c] = await list(alice);
    const state = await testFromForm(store, as(alice), form({ id: c.id }), { fetch: t.fetch });
    expect(state).toMatchObject({
      ok: true,
      report: {
        connected: true,
        studies: [
          { study: "ONC-101", status: "accessible" },
          { study: "ONC-102", status: "forbidden" },
        ],
      },
    });
    expect(JSON.stringify(state)).not.toContain(northstar.clientSecret);
  });

  it("limits tests per user: beyond a few a minute, a typed refusal without any request; others test on", async () => {
    const clock = { now: 0 };
    const limit = memoryConnectionTestLimit(() => clock.now);
    const requests: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      requests.push(String(input));
      return t.fetch(input, init);
    };
    const wrong = { ...valid, clientSecret: "wrong-secret", studies: "ONC-101" };
    await createFromForm(store, as(alice), form(wrong));
    await createFromForm(store, as(bob), form(wrong));
    const [a] = await list(alice);
    const [b] = await list(bob);
    const test = (user: number, id: string) => testFromForm(store, as(user), form({ id }), { fetch: spy }, limit);
    for (let i = 0; i < TESTS_PER_MINUTE; i++)
      expect(await test(alice, a.id)).toMatchObject({ ok: true, report: { connected: false } });
    expect(requests).toHaveLength(TESTS_PER_MINUTE);
    expect(await test(alice, a.id)).toEqual({ ok: false, limited: { kind: "tests-limited" } });
    expect(requests).toHaveLength(TESTS_PER_MINUTE);
    // Bob's tests are his own.
    expect(await test(bob, b.id)).toMatchObject({ ok: true });
    // A minute later Alice may test again.
    clock.now += 60_000;
    expect(await test(alice, a.id)).toMatchObject({ ok: true });
  });

  it("a stored secret that no longer opens asks for it again instead of failing", async () => {
    await createFromForm(store, as(alice), form(valid));
    const [c] = await list(alice);
    await store.db
      .updateTable("connections")
      .set({ secret_sealed: "v1.AAAA.AAAA.AAAA" })
      .where("id", "=", c.id)
      .execute();
    expect(await testFromForm(store, as(alice), form({ id: c.id }), { fetch: t.fetch })).toEqual({
      ok: false,
      unusable: { kind: "secret-unreadable" },
    });
  });

  it("refuses to save a base URL outside the allow-list, telling a user to ask an administrator", async () => {
    const message = "This address is not on the portal's list of partner services; ask your administrator.";
    const internal = { ...valid, baseUrl: "http://169.254.169.254" };
    expect(await createFromForm(store, as(alice), form(internal))).toMatchObject({
      ok: false,
      fieldErrors: { baseUrl: [message] },
      values: { baseUrl: internal.baseUrl },
    });
    expect(await list(alice)).toEqual([]);
    await createFromForm(store, as(alice), form(valid));
    const [c] = await list(alice);
    expect(await updateFromForm(store, as(alice), form({ ...internal, id: c.id }))).toMatchObject({
      ok: false,
      fieldErrors: { baseUrl: [message] },
    });
    expect((await list(alice))[0].baseUrl).toBe(TEST_BASE);
    // Another list, as an administrator may set it: the same address is then fine.
    expect(await createFromForm(store, as(alice), form(internal), ["http://169.254.169.254"])).toMatchObject({
      ok: true,
    });
  });

  it("tells an administrator which addresses are allowed and who sets them", async () => {
    const message =
      `This portal may connect only to partner services at ${TEST_BASE}. ` +
      "An administrator sets these addresses with PARTNER_BASE_URL_ALLOWLIST.";
    const internal = { ...valid, baseUrl: "http://169.254.169.254" };
    expect(await createFromForm(store, { ...as(alice), role: "admin" }, form(internal))).toMatchObject({
      ok: false,
      fieldErrors: { baseUrl: [message] },
    });
  });

  it("a stored connection the allow-list no longer has is refused before any request", async () => {
    // Saved while the list had its address (the store itself does not check the list).
    const { clientSecret, ...fields } = valid;
    const c = await createConnection(
      store,
      alice,
      { ...fields, baseUrl: "http://10.0.0.7:8080", studies: ["ONC-101"] },
      clientSecret,
    );
    const requests: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      requests.push(String(input));
      return t.fetch(input, init);
    };
    const state = await testFromForm(store, as(alice), form({ id: c.id }), { fetch: spy });
    // A user is not given the list; an administrator is.
    expect(state).toEqual({ ok: false, unusable: { kind: "not-allowed", baseUrl: "http://10.0.0.7:8080" } });
    expect(await testFromForm(store, { ...as(alice), role: "admin" }, form({ id: c.id }), { fetch: spy })).toEqual({
      ok: false,
      unusable: { kind: "not-allowed", baseUrl: "http://10.0.0.7:8080", allowed: [TEST_BASE] },
    });
    expect(requests).toEqual([]);
  });
});
