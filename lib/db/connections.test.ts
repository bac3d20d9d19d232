import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BaseUrlNotAllowedError } from "../connections/allowlist";
import { SecretBoxError } from "../crypto/secret-box";
import {
  createConnection,
  deleteConnection,
  getConnection,
  getCredentials,
  listConnections,
  updateConnection,
} from "./connections";
import { openPortalDb } from "./portal-db";

// getCredentials checks the stored address against the allow-list from the environment (read at first use).
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", "https://partner.example.org");

const key = randomBytes(32);
const SECRET = "s3cret-client-value-9f8e7d";
const input = (over: Record<string, unknown> = {}) => ({
  name: "Northstar",
  baseUrl: "https://partner.example.org/",
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  clientSecret: SECRET,
  studies: ["ONC-101", "ONC-102"],
  ...over,
});

let db: Database.Database;
let alice: number;
let bob: number;

function addUserRow(d: Database.Database, email: string): number {
  return Number(
    d
      .prepare("INSERT INTO users (email, name, role, created_at) VALUES (?, ?, 'user', ?)")
      .run(email, email, new Date().toISOString()).lastInsertRowid,
  );
}

beforeEach(() => {
  db = openPortalDb(":memory:");
  alice = addUserRow(db, "alice@example.org");
  bob = addUserRow(db, "bob@example.org");
});

describe("connections store", () => {
  it("creates a connection with a random UUID and returns it without the secret", () => {
    const c = createConnection(db, alice, input(), key);
    expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c).toMatchObject({
      name: "Northstar",
      baseUrl: "https://partner.example.org",
      studies: ["ONC-101", "ONC-102"],
    });
    expect(JSON.stringify(c)).not.toContain(SECRET);
    expect(JSON.stringify(listConnections(db, alice))).not.toContain(SECRET);
    expect(getCredentials(db, alice, c.id, key)).toEqual({
      baseUrl: "https://partner.example.org",
      partnerId: "NORTHSTAR",
      clientId: "northstar-portal",
      clientSecret: SECRET,
    });
  });

  it("scopes every operation by user: another user's ID behaves like one that does not exist", () => {
    const c = createConnection(db, alice, input(), key);
    const unknown = randomUUID();
    expect(listConnections(db, bob)).toEqual([]);
    for (const id of [c.id, unknown, "1 OR 1=1", "../x"]) {
      expect(getConnection(db, bob, id)).toBeUndefined();
      expect(getCredentials(db, bob, id, key)).toBeUndefined();
      expect(updateConnection(db, bob, id, input({ name: "Hijacked", clientSecret: "other" }), key)).toBeUndefined();
      expect(deleteConnection(db, bob, id)).toBe(false);
    }
    expect(getConnection(db, alice, c.id)).toMatchObject({ name: "Northstar" });
    expect(getCredentials(db, alice, c.id, key)?.clientSecret).toBe(SECRET);
  });

  it("keeps the secret sealed, never in plaintext, in the database file", () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-db-"));
    const fileDb = openPortalDb(join(dir, "portal.db"));
    const owner = addUserRow(fileDb, "owner@example.org");
    const c = createConnection(fileDb, owner, input(), key);
    const sealed = (
      fileDb.prepare("SELECT secret_sealed FROM connections WHERE id = ?").get(c.id) as { secret_sealed: string }
    ).secret_sealed;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    // Every file of the database (main file and write-ahead log), while open and after closing.
    const readAll = () => Buffer.concat(readdirSync(dir).map((f) => readFileSync(join(dir, f))));
    const whileOpen = readAll();
    fileDb.close();
    for (const bytes of [whileOpen, readAll()]) {
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from(sealed))).toBe(true);
    }
  });

  it("refuses a ciphertext moved to another row or user, and another key", () => {
    const a = createConnection(db, alice, input(), key);
    const b = createConnection(db, bob, input({ clientSecret: "bobs-secret" }), key);
    const sealedOf = (id: string) =>
      (db.prepare("SELECT secret_sealed FROM connections WHERE id = ?").get(id) as { secret_sealed: string })
        .secret_sealed;
    db.prepare("UPDATE connections SET secret_sealed = ? WHERE id = ?").run(sealedOf(a.id), b.id);
    expect(() => getCredentials(db, bob, b.id, key)).toThrow(SecretBoxError);
    const a2 = createConnection(db, alice, input({ name: "Second" }), key);
    db.prepare("UPDATE connections SET secret_sealed = ? WHERE id = ?").run(sealedOf(a.id), a2.id);
    expect(() => getCredentials(db, alice, a2.id, key)).toThrow(SecretBoxError);
    expect(() => getCredentials(db, alice, a.id, randomBytes(32))).toThrow(SecretBoxError);
  });

  it("gives no credentials for a stored address the allow-list does not have, before opening the secret", () => {
    const c = createConnection(db, alice, input({ baseUrl: "http://10.1.2.3:8080" }), key);
    expect(() => getCredentials(db, alice, c.id, key)).toThrow(BaseUrlNotAllowedError);
    // The list is checked first: even a secret that would not open gets the address error, which is the one to fix.
    expect(() => getCredentials(db, alice, c.id, randomBytes(32))).toThrow(BaseUrlNotAllowedError);
    expect(getCredentials(db, alice, c.id, key, ["http://10.1.2.3:8080"])?.clientSecret).toBe(SECRET);
    const allowed = createConnection(db, alice, input(), key);
    expect(() => getCredentials(db, alice, allowed.id, key, ["https://elsewhere.example.org"])).toThrow(
      /not a partner service this portal may connect to/,
    );
  });

  it("an update without a secret keeps the stored one; with one, replaces it", () => {
    const c = createConnection(db, alice, input(), key);
    const updated = updateConnection(
      db,
      alice,
      c.id,
      input({ name: "Renamed", clientSecret: "", studies: ["CARD-201"] }),
      key,
    );
    expect(updated).toMatchObject({ name: "Renamed", studies: ["CARD-201"] });
    expect(getCredentials(db, alice, c.id, key)?.clientSecret).toBe(SECRET);
    updateConnection(db, alice, c.id, input({ clientSecret: undefined }), key);
    expect(getCredentials(db, alice, c.id, key)?.clientSecret).toBe(SECRET);
    updateConnection(db, alice, c.id, input({ clientSecret: "brand-new-secret" }), key);
    expect(getCredentials(db, alice, c.id, key)?.clientSecret).toBe("brand-new-secret");
  });

  it("validates input at the store too, and deletes only its own", () => {
    expect(() => createConnection(db, alice, input({ baseUrl: "javascript:alert(1)" }), key)).toThrow();
    expect(() => createConnection(db, alice, input({ studies: [] }), key)).toThrow();
    expect(() => createConnection(db, alice, input({ clientSecret: "  " }), key)).toThrow();
    const c = createConnection(db, alice, input(), key);
    expect(deleteConnection(db, alice, c.id)).toBe(true);
    expect(getConnection(db, alice, c.id)).toBeUndefined();
    expect(deleteConnection(db, alice, c.id)).toBe(false);
  });

  it("deletes a user's connections with the user", () => {
    createConnection(db, alice, input(), key);
    db.prepare("DELETE FROM users WHERE id = ?").run(alice);
    expect((db.prepare("SELECT count(*) AS n FROM connections").get() as { n: number }).n).toBe(0);
  });
});
