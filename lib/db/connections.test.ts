import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import {
  type ConnectionFields,
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  openStoredConnection,
  updateConnection,
} from "./connections";
import { openPortalDb } from "./portal-db";

const key = randomBytes(32);
const SECRET = "s3cret-client-value-9f8e7d";
const fields = (over: Partial<ConnectionFields> = {}): ConnectionFields => ({
  name: "Northstar",
  baseUrl: "https://partner.example.org",
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  studies: ["ONC-101", "ONC-102"],
  ...over,
});
const credentialsOf = (d: Database.Database, user: number, id: string, k: Buffer = key) =>
  openStoredConnection(d, user, id, k)?.credentials();

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
    const c = createConnection(db, alice, fields(), SECRET, key);
    expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c).toMatchObject({
      name: "Northstar",
      baseUrl: "https://partner.example.org",
      studies: ["ONC-101", "ONC-102"],
    });
    expect(JSON.stringify(c)).not.toContain(SECRET);
    expect(JSON.stringify(listConnections(db, alice))).not.toContain(SECRET);
    expect(credentialsOf(db, alice, c.id)).toEqual({
      baseUrl: "https://partner.example.org",
      partnerId: "NORTHSTAR",
      clientId: "northstar-portal",
      clientSecret: SECRET,
    });
  });

  it("scopes every operation by user: another user's ID behaves like one that does not exist", () => {
    const c = createConnection(db, alice, fields(), SECRET, key);
    const unknown = randomUUID();
    expect(listConnections(db, bob)).toEqual([]);
    for (const id of [c.id, unknown, "1 OR 1=1", "../x"]) {
      expect(getConnection(db, bob, id)).toBeUndefined();
      expect(credentialsOf(db, bob, id)).toBeUndefined();
      expect(updateConnection(db, bob, id, fields({ name: "Hijacked" }), "other", key)).toBeUndefined();
      expect(deleteConnection(db, bob, id)).toBe(false);
    }
    expect(getConnection(db, alice, c.id)).toMatchObject({ name: "Northstar" });
    expect(credentialsOf(db, alice, c.id)?.clientSecret).toBe(SECRET);
  });

  it("keeps the secret sealed, never in plaintext, in the database file", () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-db-"));
    const fileDb = openPortalDb(join(dir, "portal.db"));
    const owner = addUserRow(fileDb, "owner@example.org");
    const c = createConnection(fileDb, owner, fields(), SECRET, key);
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
    const a = createConnection(db, alice, fields(), SECRET, key);
    const b = createConnection(db, bob, fields(), "bobs-secret", key);
    const sealedOf = (id: string) =>
      (db.prepare("SELECT secret_sealed FROM connections WHERE id = ?").get(id) as { secret_sealed: string })
        .secret_sealed;
    db.prepare("UPDATE connections SET secret_sealed = ? WHERE id = ?").run(sealedOf(a.id), b.id);
    expect(() => credentialsOf(db, bob, b.id)).toThrow(SecretBoxError);
    const a2 = createConnection(db, alice, fields({ name: "Second" }), SECRET, key);
    db.prepare("UPDATE connections SET secret_sealed = ? WHERE id = ?").run(sealedOf(a.id), a2.id);
    expect(() => credentialsOf(db, alice, a2.id)).toThrow(SecretBoxError);
    expect(() => credentialsOf(db, alice, a.id, randomBytes(32))).toThrow(SecretBoxError);
  });

  it("an update without a secret keeps the stored one; with one, replaces it", () => {
    const c = createConnection(db, alice, fields(), SECRET, key);
    const updated = updateConnection(
      db,
      alice,
      c.id,
      fields({ name: "Renamed", studies: ["CARD-201"] }),
      undefined,
      key,
    );
    expect(updated).toMatchObject({ name: "Renamed", studies: ["CARD-201"] });
    expect(credentialsOf(db, alice, c.id)?.clientSecret).toBe(SECRET);
    updateConnection(db, alice, c.id, fields(), "brand-new-secret", key);
    expect(credentialsOf(db, alice, c.id)?.clientSecret).toBe("brand-new-secret");
  });

  it("deletes only its own", () => {
    const c = createConnection(db, alice, fields(), SECRET, key);
    expect(deleteConnection(db, bob, c.id)).toBe(false);
    expect(deleteConnection(db, alice, c.id)).toBe(true);
    expect(getConnection(db, alice, c.id)).toBeUndefined();
    expect(deleteConnection(db, alice, c.id)).toBe(false);
  });

  it("deletes a user's connections with the user", () => {
    createConnection(db, alice, fields(), SECRET, key);
    db.prepare("DELETE FROM users WHERE id = ?").run(alice);
    expect((db.prepare("SELECT count(*) AS n FROM connections").get() as { n: number }).n).toBe(0);
  });
});
