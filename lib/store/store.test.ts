import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "./store";
import { STORE_KINDS, testStore } from "./testing";

const GENESIS = "0".repeat(64);

describe.each(STORE_KINDS)("the %s store", (kind) => {
  let store: Store;
  afterEach(async () => store?.close());

  const addUser = (email: string, s: Store = store) =>
    s.db
      .insertInto("users")
      .values({
        email,
        name: email,
        role: "user",
        password_hash: null,
        oidc_subject: null,
        disabled_at: null,
        created_at: "2026-11-29T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

  const entry = (id: number, prev: string, hash: string) => ({
    id,
    time: "2026-11-29T00:00:00.000Z",
    actor_id: null,
    actor_email: null,
    address: null,
    action: "sign-in",
    connection_id: null,
    study: null,
    details: "{}",
    prev_hash: prev,
    hash,
    key_id: "k1",
  });

  it("is migrated: every table is there and empty", async () => {
    store = await testStore(kind);
    for (const table of ["users", "connections", "ended_sessions", "audit_log", "user_settings"] as const) {
      const { n } = await store.db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    }
  });

  it("gives new users increasing numeric IDs and removes a user's connections with the user", async () => {
    store = await testStore(kind);
    const a = await addUser("a@example.org");
    const b = await addUser("b@example.org");
    expect(typeof a.id).toBe("number");
    expect(b.id).toBeGreaterThan(a.id);
    await store.db
      .insertInto("connections")
      .values({
        id: "c1",
        user_id: a.id,
        name: "n",
        base_url: "http://x",
        partner_id: "p",
        client_id: "c",
        secret_sealed: "s",
        studies: "[]",
        created_at: "t",
        updated_at: "t",
      })
      .execute();
    await store.db.deleteFrom("users").where("id", "=", a.id).execute();
    expect(await store.db.selectFrom("connections").selectAll().execute()).toEqual([]);
  });

  it("refuses a second account with the same e-mail", async () => {
    store = await testStore(kind);
    await addUser("a@example.org");
    await expect(addUser("a@example.org")).rejects.toThrow();
  });

  it("reads BIGINT columns as numbers", async () => {
    store = await testStore(kind);
    await store.db.insertInto("ended_sessions").values({ session_id: "s", expires_at: 1_800_000_000_123 }).execute();
    const row = await store.db.selectFrom("ended_sessions").selectAll().executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(1_800_000_000_123);
  });

  it("keeps the audit trail a chain: the next entry must follow the last one", async () => {
    store = await testStore(kind);
    await store.db
      .insertInto("audit_log")
      .values(entry(1, GENESIS, "h1"))
      .execute();
    await expect(
      store.db
        .insertInto("audit_log")
        .values(entry(3, "h1", "h3"))
        .execute(),
    ).rejects.toThrow(/follow/);
    await expect(
      store.db
        .insertInto("audit_log")
        .values(entry(2, GENESIS, "h2"))
        .execute(),
    ).rejects.toThrow();
    await store.db
      .insertInto("audit_log")
      .values(entry(2, "h1", "h2"))
      .execute();
    await expect(store.db.updateTable("audit_log").set({ action: "x" }).execute()).rejects.toThrow(/append-only/);
    await expect(store.db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    await expect(
      store.db
        .insertInto("audit_log")
        .values({ ...entry(3, "h2", "h3"), key_id: null })
        .execute(),
    ).rejects.toThrow(/keyed/);
    const ids = await store.db.selectFrom("audit_log").select("id").orderBy("id").execute();
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  it("commits a write's statements together, or none of them", async () => {
    store = await testStore(kind);
    await expect(
      store.write(async (tx) => {
        await addUser("a@example.org", tx);
        await addUser("a@example.org", tx);
      }),
    ).rejects.toThrow();
    expect(await store.db.selectFrom("users").selectAll().execute()).toEqual([]);
    const id = await store.write(async (tx) => {
      expect(tx.inWrite).toBe(true);
      // A nested write joins the running one.
      return tx.write(async (inner) => (await addUser("b@example.org", inner)).id);
    });
    expect((await store.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id).toBe(id);
  });

  it("runs concurrent appends one after another under the chain lock", async () => {
    store = await testStore(kind);
    const append = () =>
      store.write(
        async (tx) => {
          const last = await tx.db
            .selectFrom("audit_log")
            .select(["id", "hash"])
            .orderBy("id", "desc")
            .limit(1)
            .executeTakeFirst();
          const id = (last?.id ?? 0) + 1;
          await tx.db
            .insertInto("audit_log")
            .values(entry(id, last?.hash ?? GENESIS, `h${id}`))
            .execute();
        },
        { lockAuditChain: true },
      );
    await Promise.all(Array.from({ length: 20 }, append));
    const ids = await store.db.selectFrom("audit_log").select("id").orderBy("id").execute();
    expect(ids.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
