/**
 * The connection names an audit page shows, in either store: every connection's for an administrator, only the
 * reader's own for a user, and a removed connection by the name its own entries recorded.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { connectionNames } from "./connection-names";
import { recordAudit } from "./record-audit";
import { addTestUser } from "./testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const A_OWN = "11111111-1111-4111-8111-111111111111";
const B_OWN = "22222222-2222-4222-8222-222222222222";
const A_REMOVED = "33333333-3333-4333-8333-333333333333";
const B_REMOVED = "44444444-4444-4444-8444-444444444444";

const all = [A_OWN, B_OWN, A_REMOVED, B_REMOVED, "not-a-connection", null];

describe.each(STORE_KINDS)("connectionNames (%s)", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await testStore(kind);
    await addTestUser(store, 1, "a@example.org", "A");
    await addTestUser(store, 2, "b@example.org", "B");
    const connection = (id: string, user_id: number, name: string) =>
      store.db
        .insertInto("connections")
        .values({
          id,
          user_id,
          name,
          base_url: "https://p.example",
          partner_id: "P",
          client_id: "c",
          secret_sealed: "x",
          studies: "[]",
          created_at: "",
          updated_at: "",
        })
        .execute();
    await connection(A_OWN, 1, "Northstar of A");
    await connection(B_OWN, 2, "Private of B");
    const removed = async (actor: number, id: string, first: string, last: string) => {
      await recordAudit(store, {
        actor,
        action: "connection.update",
        connectionId: id,
        details: { name: first, fields: [] },
      });
      await recordAudit(store, { actor, action: "connection.delete", connectionId: id, details: { name: last } });
    };
    await removed(1, A_REMOVED, "Old name of A", "Last name of A");
    await removed(2, B_REMOVED, "Old name of B", "Last name of B");
  });
  afterAll(async () => store.close());

  it("names every connection for an administrator, a removed one by its last recorded name", async () => {
    expect(await connectionNames(store, all, { userId: 9, admin: true })).toEqual(
      new Map([
        [A_OWN, "Northstar of A"],
        [B_OWN, "Private of B"],
        [A_REMOVED, "Last name of A"],
        [B_REMOVED, "Last name of B"],
      ]),
    );
  });

  it("names only the reader's own connections for a user, never another user's", async () => {
    expect(await connectionNames(store, all, { userId: 1, admin: false })).toEqual(
      new Map([
        [A_OWN, "Northstar of A"],
        [A_REMOVED, "Last name of A"],
      ]),
    );
    expect(await connectionNames(store, [A_OWN, A_REMOVED], { userId: 2, admin: false })).toEqual(new Map());
  });

  it("asks nothing for a page that names no connection", async () => {
    expect(await connectionNames(store, [], { userId: 1, admin: false })).toEqual(new Map());
  });
});
