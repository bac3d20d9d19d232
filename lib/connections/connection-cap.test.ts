/** The cap on connections per user: one more than MAX_CONNECTIONS_PER_USER is refused, saying why and what to do. */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { TEST_BASE } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

const { countConnections, listConnections } = await import("@/lib/db/connections");
const { createFromForm, removeFromForm } = await import("./form-actions");
const { MAX_CONNECTIONS_PER_USER, TOO_MANY_CONNECTIONS } = await import("./connection-input");
const { addUserRow, form, validForm } = await import("./testing");

describe.each(STORE_KINDS)("connections per user (%s)", (kind) => {
  let store: Store;
  afterEach(async () => store.close());

  it("refuses one more than the cap with a clear message and the typed values; others may add theirs", async () => {
    expect(MAX_CONNECTIONS_PER_USER).toBe(20);
    store = await testStore(kind);
    const alice = await addUserRow(store, "alice@example.org");
    const bob = await addUserRow(store, "bob@example.org");
    const as = (userId: number) => ({ userId, address: null });
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++)
      expect(await createFromForm(store, as(alice), form({ ...validForm, name: `N${i}` }))).toMatchObject({ ok: true });
    const more = form({ ...validForm, name: "One more", clientSecret: "typed" });
    const refused = await createFromForm(store, as(alice), more);
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {},
      message: TOO_MANY_CONNECTIONS,
      values: expect.objectContaining({ name: "One more" }),
    });
    expect(JSON.stringify(refused)).not.toContain("typed");
    expect(TOO_MANY_CONNECTIONS).toMatch(/^You have 20 connections, the most one user may have.*Remove a connection/);
    expect(await countConnections(store, alice)).toBe(MAX_CONNECTIONS_PER_USER);
    expect(await createFromForm(store, as(bob), form(validForm))).toMatchObject({ ok: true });
    // One removed, one may be added.
    await removeFromForm(store, as(alice), form({ id: (await listConnections(store, alice))[0].id }));
    expect(await createFromForm(store, as(alice), form(validForm))).toMatchObject({ ok: true });
  });

  it("counts in the same transaction as the insert: forms sent at once cannot all pass the cap", async () => {
    store = await testStore(kind);
    const alice = await addUserRow(store, "alice@example.org");
    const as = { userId: alice, address: null };
    const sent = Array.from({ length: MAX_CONNECTIONS_PER_USER + 5 }, (_, i) => form({ ...validForm, name: `N${i}` }));
    const states = await Promise.all(sent.map((f) => createFromForm(store, as, f)));
    expect(states.filter((s) => s.ok)).toHaveLength(MAX_CONNECTIONS_PER_USER);
    expect(await countConnections(store, alice)).toBe(MAX_CONNECTIONS_PER_USER);
  });
});
