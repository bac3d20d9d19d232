import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrate } from "@/lib/sqlite/migrate";
import { openSqlite } from "@/lib/sqlite/open-sqlite";
import { portalMigrations } from "@/lib/store/sqlite-migrations";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { databaseEngine, legacyBcrypt } from "./testing";
import {
  addUser,
  disableUser,
  enableUser,
  endAllSessions,
  findUser,
  findUserByEmail,
  listUsers,
  resetPassword,
  setRole,
  upsertOidcUser,
  verifyPassword,
} from "./users";

const PASSWORD = "correct horse battery";

describe.each(STORE_KINDS)("users store (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  const hashOf = async (id: number) =>
    (await store.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
      .password_hash;

  it("runs on the database it names", async () => {
    expect(store.kind).toBe(kind);
    expect(await databaseEngine(store)).toBe(kind);
    const u = await addUser(store, { email: "kind@example.org", name: "Kind", password: PASSWORD });
    expect(await findUser(store, u.id)).toEqual(u);
  });

  it("adds a user with an argon2id hash and verifies the password, case-insensitively by email", async () => {
    const u = await addUser(store, { email: "Ana@Example.org", name: "Ana", password: PASSWORD });
    expect(u).toMatchObject({ email: "ana@example.org", name: "Ana", role: "user", disabled: false });
    const hash = await hashOf(u.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(store, "ANA@example.org", PASSWORD)).toMatchObject({ id: u.id });
    expect(await verifyPassword(store, "ana@example.org", "wrong password!")).toBeUndefined();
    expect(await verifyPassword(store, "nobody@example.org", PASSWORD)).toBeUndefined();
  });

  it("signs in with a bcrypt hash from before and replaces it by an argon2id hash, keeping the sessions", async () => {
    const u = await addUser(store, { email: "old@example.org", name: "Old", password: PASSWORD });
    const legacy = legacyBcrypt(PASSWORD, "2a");
    await store.db.updateTable("users").set({ password_hash: legacy }).where("id", "=", u.id).execute();

    expect(await verifyPassword(store, "old@example.org", "wrong password!")).toBeUndefined();
    expect(await hashOf(u.id)).toBe(legacy); // only a right password replaces it
    expect(await verifyPassword(store, "old@example.org", PASSWORD)).toMatchObject({ id: u.id, sessionEpoch: 0 });
    expect(await hashOf(u.id)).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect((await findUser(store, u.id))?.sessionEpoch).toBe(0); // the same password: open sessions go on
    expect(await verifyPassword(store, "old@example.org", PASSWORD)).toMatchObject({ id: u.id });
    expect(await verifyPassword(store, "old@example.org", "wrong password!")).toBeUndefined();
  });

  it("refuses a duplicate email, a short password and an unknown role", async () => {
    await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    await expect(addUser(store, { email: "A@example.org", name: "A2", password: PASSWORD })).rejects.toThrow(
      /exists already/,
    );
    await expect(addUser(store, { email: "b@example.org", name: "B", password: "short" })).rejects.toThrow(
      /12 characters/,
    );
    await expect(
      addUser(store, { email: "c@example.org", name: "C", password: PASSWORD, role: "root" as never }),
    ).rejects.toThrow();
    await expect(addUser(store, { email: "not an email", name: "D", password: PASSWORD })).rejects.toThrow();
    expect((await listUsers(store)).map((u) => u.email)).toEqual(["a@example.org"]);
  });

  it("runs alsoInTransaction in the write that adds the user: its failure leaves no account", async () => {
    const seen: Array<{ inWrite: boolean; email: string | undefined }> = [];
    await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD }, async (tx, user) => {
      seen.push({ inWrite: tx.inWrite, email: (await findUser(tx, user.id))?.email });
    });
    expect(seen).toEqual([{ inWrite: true, email: "a@example.org" }]);
    await expect(
      addUser(store, { email: "b@example.org", name: "B", password: PASSWORD }, async () => {
        throw new Error("the audit trail is unavailable");
      }),
    ).rejects.toThrow(/unavailable/);
    expect(await findUserByEmail(store, "b@example.org")).toBeUndefined();
  });

  it("a disabled user cannot sign in until enabled again", async () => {
    await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    await disableUser(store, "a@example.org");
    expect((await findUserByEmail(store, "a@example.org"))?.disabled).toBe(true);
    expect(await verifyPassword(store, "a@example.org", PASSWORD)).toBeUndefined();
    await enableUser(store, "a@example.org");
    expect(await verifyPassword(store, "a@example.org", PASSWORD)).toBeDefined();
  });

  it("resets a password: the old one stops working", async () => {
    await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    await resetPassword(store, "a@example.org", "another long password");
    expect(await verifyPassword(store, "a@example.org", PASSWORD)).toBeUndefined();
    expect(await verifyPassword(store, "a@example.org", "another long password")).toBeDefined();
  });

  it("a reset whose alsoInTransaction fails changes nothing", async () => {
    const a = await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    await expect(
      resetPassword(store, "a@example.org", "another long password", async (tx) => {
        expect(tx.inWrite).toBe(true);
        throw new Error("the audit trail is unavailable");
      }),
    ).rejects.toThrow(/unavailable/);
    expect(await verifyPassword(store, "a@example.org", PASSWORD)).toMatchObject({ id: a.id, sessionEpoch: 0 });
    await expect(resetPassword(store, "nobody@example.org", "another long password")).rejects.toThrow(/No user/);
  });

  it("ends all of a user's sessions by its ID, and only that user's", async () => {
    const a = await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    const b = await addUser(store, { email: "b@example.org", name: "B", password: PASSWORD });
    await endAllSessions(store, a.id);
    expect([(await findUser(store, a.id))?.sessionEpoch, (await findUser(store, b.id))?.sessionEpoch]).toEqual([1, 0]);
  });

  it("sets the role, and refuses roles other than user and admin", async () => {
    await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    await setRole(store, "a@example.org", "admin");
    expect((await findUserByEmail(store, "a@example.org"))?.role).toBe("admin");
    await expect(setRole(store, "a@example.org", "owner" as never)).rejects.toThrow();
    await expect(disableUser(store, "nobody@example.org")).rejects.toThrow(/No user/);
  });

  it("ends the sessions when the role changes, and only then", async () => {
    const a = await addUser(store, { email: "a@example.org", name: "A", password: PASSWORD });
    const epoch = async () => (await findUser(store, a.id))?.sessionEpoch;
    await setRole(store, "a@example.org", "user");
    expect(await epoch()).toBe(0);
    await setRole(store, "a@example.org", "admin");
    expect(await epoch()).toBe(1);
    await setRole(store, "A@example.org", "admin");
    expect(await epoch()).toBe(1);
    await setRole(store, "a@example.org", "user");
    expect(await epoch()).toBe(2);
    await disableUser(store, "a@example.org");
    expect(await epoch()).toBe(3);
    await enableUser(store, "a@example.org");
    expect(await epoch()).toBe(3);
  });

  it("links a single-sign-on identity by its subject, never to an existing password account", async () => {
    const first = await upsertOidcUser(store, "sub-1", "sso@example.org", "SSO");
    expect(await upsertOidcUser(store, "sub-1", "renamed@example.org", "SSO")).toMatchObject({ id: first.id });
    expect(await verifyPassword(store, "sso@example.org", "")).toBeUndefined();
    await addUser(store, { email: "pw@example.org", name: "PW", password: PASSWORD });
    await expect(upsertOidcUser(store, "sub-2", "pw@example.org", "Intruder")).rejects.toThrow(/not linked/);
    expect((await listUsers(store)).map((u) => u.email)).toEqual(["pw@example.org", "sso@example.org"]);
  });

  it("creates one account when the same identity signs in twice at once", async () => {
    const [a, b] = await Promise.all([
      upsertOidcUser(store, "sub-1", "sso@example.org", "SSO"),
      upsertOidcUser(store, "sub-1", "sso@example.org", "SSO"),
    ]);
    expect(a.id).toBe(b.id);
    expect((await listUsers(store)).map((u) => u.email)).toEqual(["sso@example.org"]);
  });
});

describe("users store (sqlite file from before session epochs)", () => {
  it("a database from before session epochs gets epoch 0 for its users; a reset then counts up", async () => {
    const old = openSqlite(":memory:", portalMigrations.slice(0, 1));
    old
      .prepare(
        `INSERT INTO users (email, name, password_hash, role, created_at)
         VALUES ('a@example.org', 'A', 'x', 'user', '2026-01-01')`,
      )
      .run();
    expect(migrate(old, portalMigrations)).toBe(portalMigrations.at(-1)!.version);
    const store = sqliteStore(old);
    try {
      expect(await findUser(store, 1)).toMatchObject({ email: "a@example.org", sessionEpoch: 0 });
      await resetPassword(store, "a@example.org", PASSWORD);
      expect((await findUser(store, 1))?.sessionEpoch).toBe(1);
    } finally {
      await store.close();
    }
  });
});
