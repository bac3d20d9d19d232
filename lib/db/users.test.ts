import type { Database } from "better-sqlite3";
import BetterSqlite3 from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { migrate } from "@/lib/sqlite/migrate";
import { openPortalDb } from "./portal-db";
import { portalMigrations } from "./portal-migrations";
import { legacyBcrypt } from "./testing";
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

let db: Database;
beforeEach(() => {
  db = openPortalDb(":memory:");
});

const PASSWORD = "correct horse battery";

describe("users store", () => {
  it("adds a user with an argon2id hash and verifies the password, case-insensitively by email", async () => {
    const u = await addUser(db, { email: "Ana@Example.org", name: "Ana", password: PASSWORD });
    expect(u).toMatchObject({ email: "ana@example.org", name: "Ana", role: "user", disabled: false });
    const row = db.prepare("SELECT password_hash FROM users WHERE id = ?").get(u.id) as { password_hash: string };
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(db, "ANA@example.org", PASSWORD)).toMatchObject({ id: u.id });
    expect(await verifyPassword(db, "ana@example.org", "wrong password!")).toBeUndefined();
    expect(await verifyPassword(db, "nobody@example.org", PASSWORD)).toBeUndefined();
  });

  it("signs in with a bcrypt hash from before and replaces it by an argon2id hash, keeping the sessions", async () => {
    const u = await addUser(db, { email: "old@example.org", name: "Old", password: PASSWORD });
    const legacy = legacyBcrypt(PASSWORD, "2a");
    db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(legacy, u.id);
    const hashOf = () =>
      (db.prepare("SELECT password_hash FROM users WHERE id = ?").get(u.id) as { password_hash: string }).password_hash;

    expect(await verifyPassword(db, "old@example.org", "wrong password!")).toBeUndefined();
    expect(hashOf()).toBe(legacy); // only a right password replaces it
    expect(await verifyPassword(db, "old@example.org", PASSWORD)).toMatchObject({ id: u.id, sessionEpoch: 0 });
    expect(hashOf()).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(findUser(db, u.id)?.sessionEpoch).toBe(0); // the same password: open sessions go on
    expect(await verifyPassword(db, "old@example.org", PASSWORD)).toMatchObject({ id: u.id });
    expect(await verifyPassword(db, "old@example.org", "wrong password!")).toBeUndefined();
  });

  it("refuses a duplicate email, a short password and an unknown role", async () => {
    await addUser(db, { email: "a@example.org", name: "A", password: PASSWORD });
    await expect(addUser(db, { email: "A@example.org", name: "A2", password: PASSWORD })).rejects.toThrow(
      /exists already/,
    );
    await expect(addUser(db, { email: "b@example.org", name: "B", password: "short" })).rejects.toThrow(
      /12 characters/,
    );
    await expect(
      addUser(db, { email: "c@example.org", name: "C", password: PASSWORD, role: "root" as never }),
    ).rejects.toThrow();
    await expect(addUser(db, { email: "not an email", name: "D", password: PASSWORD })).rejects.toThrow();
  });

  it("a disabled user cannot sign in until enabled again", async () => {
    await addUser(db, { email: "a@example.org", name: "A", password: PASSWORD });
    disableUser(db, "a@example.org");
    expect(findUserByEmail(db, "a@example.org")?.disabled).toBe(true);
    expect(await verifyPassword(db, "a@example.org", PASSWORD)).toBeUndefined();
    enableUser(db, "a@example.org");
    expect(await verifyPassword(db, "a@example.org", PASSWORD)).toBeDefined();
  });

  it("resets a password: the old one stops working", async () => {
    await addUser(db, { email: "a@example.org", name: "A", password: PASSWORD });
    await resetPassword(db, "a@example.org", "another long password");
    expect(await verifyPassword(db, "a@example.org", PASSWORD)).toBeUndefined();
    expect(await verifyPassword(db, "a@example.org", "another long password")).toBeDefined();
  });

  it("ends all of a user's sessions by its ID, and only that user's", async () => {
    const a = await addUser(db, { email: "a@example.org", name: "A", password: PASSWORD });
    const b = await addUser(db, { email: "b@example.org", name: "B", password: PASSWORD });
    endAllSessions(db, a.id);
    expect([findUser(db, a.id)?.sessionEpoch, findUser(db, b.id)?.sessionEpoch]).toEqual([1, 0]);
  });

  it("sets the role, and refuses roles other than user and admin", async () => {
    await addUser(db, { email: "a@example.org", name: "A", password: PASSWORD });
    setRole(db, "a@example.org", "admin");
    expect(findUserByEmail(db, "a@example.org")?.role).toBe("admin");
    expect(() => setRole(db, "a@example.org", "owner" as never)).toThrow();
    expect(() => disableUser(db, "nobody@example.org")).toThrow(/No user/);
  });

  it("links a single-sign-on identity by its subject, never to an existing password account", async () => {
    const first = upsertOidcUser(db, "sub-1", "sso@example.org", "SSO");
    expect(upsertOidcUser(db, "sub-1", "renamed@example.org", "SSO")).toMatchObject({ id: first.id });
    expect(await verifyPassword(db, "sso@example.org", "")).toBeUndefined();
    await addUser(db, { email: "pw@example.org", name: "PW", password: PASSWORD });
    expect(() => upsertOidcUser(db, "sub-2", "pw@example.org", "Intruder")).toThrow(/not linked/);
    expect(listUsers(db).map((u) => u.email)).toEqual(["pw@example.org", "sso@example.org"]);
  });

  it("a database from before session epochs gets epoch 0 for its users; a reset then counts up", async () => {
    const old = new BetterSqlite3(":memory:");
    migrate(old, portalMigrations.slice(0, 1));
    old
      .prepare(
        `INSERT INTO users (email, name, password_hash, role, created_at)
         VALUES ('a@example.org', 'A', 'x', 'user', '2026-01-01')`,
      )
      .run();
    expect(migrate(old, portalMigrations)).toBe(portalMigrations.at(-1)!.version);
    expect(findUser(old, 1)).toMatchObject({ email: "a@example.org", sessionEpoch: 0 });
    await resetPassword(old, "a@example.org", PASSWORD);
    expect(findUser(old, 1)?.sessionEpoch).toBe(1);
  });
});
