import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import {
  type ConnectionFields,
  connectionExists,
  countConnections,
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  openStoredConnection,
  updateConnection,
} from "./connections";
import { databaseEngine, insertUserRow } from "./testing";

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
const credentialsOf = async (s: Store, user: number, id: string, k: Buffer = key) =>
  (await openStoredConnection(s, user, id, k))?.credentials();
const sealedOf = async (s: Store, id: string) =>
  (await s.db.selectFrom("connections").select("secret_sealed").where("id", "=", id).executeTakeFirstOrThrow())
    .secret_sealed;

describe.each(STORE_KINDS)("connections store (%s)", (kind) => {
  let store: Store;
  let alice: number;
  let bob: number;

  beforeEach(async () => {
    store = await testStore(kind);
    alice = await insertUserRow(store, "alice@example.org");
    bob = await insertUserRow(store, "bob@example.org");
  });
  afterEach(async () => {
    await store.close();
  });

  it("runs on the database it names", async () => {
    expect(store.kind).toBe(kind);
    expect(await databaseEngine(store)).toBe(kind);
    const c = await createConnection(store, alice, fields(), SECRET, key);
    expect(await getConnection(store, alice, c.id)).toEqual(c);
  });

  it("creates a connection with a random UUID and returns it without the secret", async () => {
    const c = await createConnection(store, alice, fields(), SECRET, key);
    expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c).toMatchObject({
      name: "Northstar",
      baseUrl: "https://partner.example.org",
      studies: ["ONC-101", "ONC-102"],
    });
    expect(JSON.stringify(c)).not.toContain(SECRET);
    expect(JSON.stringify(await listConnections(store, alice))).not.toContain(SECRET);
    expect(await credentialsOf(store, alice, c.id)).toEqual({
      baseUrl: "https://partner.example.org",
      partnerId: "NORTHSTAR",
      clientId: "northstar-portal",
      clientSecret: SECRET,
    });
    const sealed = await sealedOf(store, c.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
  });

  it("lists by name without regard to case, then by creation; counts and tells an existing ID", async () => {
    const b = await createConnection(store, alice, fields({ name: "Beta" }), SECRET, key);
    const a = await createConnection(store, alice, fields({ name: "alpha" }), SECRET, key);
    const b2 = await createConnection(store, alice, fields({ name: "beta" }), SECRET, key);
    // Byte order would put "Beta" before "alpha". The two betas go by creation time, set apart here (made within one
    // millisecond they could tie), the one made last given the earlier time.
    const setCreated = (id: string, at: string) =>
      store.db.updateTable("connections").set({ created_at: at }).where("id", "=", id).execute();
    await setCreated(b.id, "2026-01-02T00:00:00.000Z");
    await setCreated(b2.id, "2026-01-01T00:00:00.000Z");
    await createConnection(store, bob, fields({ name: "Aardvark" }), SECRET, key);
    expect((await listConnections(store, alice)).map((c) => c.id)).toEqual([a.id, b2.id, b.id]);
    expect(await countConnections(store, alice)).toBe(3);
    expect(await countConnections(store, bob)).toBe(1);
    expect(await connectionExists(store, a.id)).toBe(true);
    expect(await connectionExists(store, randomUUID())).toBe(false);
    expect(await connectionExists(store, "1 OR 1=1")).toBe(false);
  });

  it("scopes every operation by user: another user's ID behaves like one that does not exist", async () => {
    const c = await createConnection(store, alice, fields(), SECRET, key);
    const unknown = randomUUID();
    expect(await listConnections(store, bob)).toEqual([]);
    for (const id of [c.id, unknown, "1 OR 1=1", "../x"]) {
      expect(await getConnection(store, bob, id)).toBeUndefined();
      expect(await credentialsOf(store, bob, id)).toBeUndefined();
      expect(await updateConnection(store, bob, id, fields({ name: "Hijacked" }), "other", key)).toBeUndefined();
      expect(await deleteConnection(store, bob, id)).toBe(false);
    }
    expect(await getConnection(store, alice, c.id)).toMatchObject({ name: "Northstar" });
    expect((await credentialsOf(store, alice, c.id))?.clientSecret).toBe(SECRET);
  });

  it("refuses a ciphertext moved to another row or user, and another key", async () => {
    const a = await createConnection(store, alice, fields(), SECRET, key);
    const b = await createConnection(store, bob, fields(), "bobs-secret", key);
    const moveSecret = async (to: string) =>
      store.db
        .updateTable("connections")
        .set({ secret_sealed: await sealedOf(store, a.id) })
        .where("id", "=", to)
        .execute();
    await moveSecret(b.id);
    await expect(credentialsOf(store, bob, b.id)).rejects.toThrow(SecretBoxError);
    const a2 = await createConnection(store, alice, fields({ name: "Second" }), SECRET, key);
    await moveSecret(a2.id);
    await expect(credentialsOf(store, alice, a2.id)).rejects.toThrow(SecretBoxError);
    await expect(credentialsOf(store, alice, a.id, randomBytes(32))).rejects.toThrow(SecretBoxError);
  });

  it("an update without a secret keeps the stored one; with one, replaces it", async () => {
    const c = await createConnection(store, alice, fields(), SECRET, key);
    const updated = await updateConnection(
      store,
      alice,
      c.id,
      fields({ name: "Renamed", studies: ["CARD-201"] }),
      undefined,
      key,
    );
    expect(updated).toMatchObject({ name: "Renamed", studies: ["CARD-201"] });
    expect((await credentialsOf(store, alice, c.id))?.clientSecret).toBe(SECRET);
    await updateConnection(store, alice, c.id, fields(), "brand-new-secret", key);
    expect((await credentialsOf(store, alice, c.id))?.clientSecret).toBe("brand-new-secret");
  });

  it("deletes only its own", async () => {
    const c = await createConnection(store, alice, fields(), SECRET, key);
    expect(await deleteConnection(store, bob, c.id)).toBe(false);
    expect(await deleteConnection(store, alice, c.id)).toBe(true);
    expect(await getConnection(store, alice, c.id)).toBeUndefined();
    expect(await deleteConnection(store, alice, c.id)).toBe(false);
  });

  it("deletes a user's connections with the user", async () => {
    await createConnection(store, alice, fields(), SECRET, key);
    await store.db.deleteFrom("users").where("id", "=", alice).execute();
    const { n } = await store.db
      .selectFrom("connections")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});

describe("connections store (sqlite file)", () => {
  it("keeps the secret sealed, never in plaintext, in the database file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-db-"));
    const fileStore = sqliteStore(openPortalDb(join(dir, "portal.db")));
    const owner = await insertUserRow(fileStore, "owner@example.org");
    const c = await createConnection(fileStore, owner, fields(), SECRET, key);
    const sealed = await sealedOf(fileStore, c.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    // Every file of the database (main file and write-ahead log), while open and after closing.
    const readAll = () => Buffer.concat(readdirSync(dir).map((f) => readFileSync(join(dir, f))));
    const whileOpen = readAll();
    await fileStore.close();
    for (const bytes of [whileOpen, readAll()]) {
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from(sealed))).toBe(true);
    }
  });
});
