/**
 * The first instance records its keys' fingerprints; a later one with the same keys passes, one with another key
 * is refused, naming the variable and never a key, and the record stays the first one's.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { keyFingerprint } from "@/lib/config/shared-keys";
import type { PortalKeys } from "@/lib/crypto/portal-keys";
import { openPostgresStore } from "@/lib/store/postgres-store";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testDatabaseUrl, testStore, testStoreSchema } from "@/lib/store/testing";
import { compareInstanceKeys, fingerprintsOf, mismatchError } from "./instance-keys";

const keysOf = (): PortalKeys => ({ secretKey: randomBytes(32), authSecret: randomBytes(32).toString("base64url") });
const BUILD = keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", randomBytes(32).toString("base64"));

describe.each(STORE_KINDS)("the instances' keys (%s)", (kind) => {
  const stores: Store[] = [];
  afterEach(async () => {
    // The test's own store last: a second PostgreSQL store shares its schema, which closing the first drops.
    for (const store of stores.splice(0).reverse()) await store.close();
  });

  it("are recorded by the first instance, and a later one with the same keys passes", async () => {
    const store = await testStore(kind);
    stores.push(store);
    const keys = keysOf();
    expect(await compareInstanceKeys(store, fingerprintsOf(keys, BUILD))).toEqual([]);
    const rows = await store.db.selectFrom("instance_keys").select(["name", "fingerprint"]).orderBy("name").execute();
    expect(rows.map((r) => r.name)).toEqual([
      "NEXTAUTH_SECRET",
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY",
      "PORTAL_SECRET_KEY",
    ]);
    expect(JSON.stringify(rows)).not.toContain(keys.authSecret);
    expect(JSON.stringify(rows)).not.toContain(keys.secretKey.toString("hex"));
    expect(await compareInstanceKeys(store, fingerprintsOf({ ...keys }, BUILD))).toEqual([]);
  });

  it("refuse a later instance given another key, naming it and keeping the first record", async () => {
    const store = await testStore(kind);
    stores.push(store);
    const keys = keysOf();
    await compareInstanceKeys(store, fingerprintsOf(keys, BUILD), new Date("2026-01-02T03:04:05Z"));
    // Another instance of the same deployment, on its own connection where the store allows one.
    const other =
      kind === "postgres"
        ? await openPostgresStore(testDatabaseUrl(), { schema: testStoreSchema(store), max: 1 })
        : store;
    if (other !== store) stores.push(other);
    const changed = { ...keys, authSecret: randomBytes(32).toString("base64url") };
    const mismatches = await compareInstanceKeys(other, fingerprintsOf(changed, BUILD));
    expect(mismatches).toEqual([{ name: "NEXTAUTH_SECRET", recordedAt: "2026-01-02T03:04:05.000Z" }]);
    const message = mismatchError(mismatches).message;
    expect(message).toContain("NEXTAUTH_SECRET differs");
    expect(message).not.toContain(changed.authSecret);
    expect(await compareInstanceKeys(other, fingerprintsOf(keys, BUILD))).toEqual([]);
  });

  it("refuse another build's actions key and another PORTAL_SECRET_KEY alike", async () => {
    const store = await testStore(kind);
    stores.push(store);
    const keys = keysOf();
    await compareInstanceKeys(store, fingerprintsOf(keys, BUILD));
    const otherBuild = keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "another");
    const mismatches = await compareInstanceKeys(
      store,
      fingerprintsOf({ ...keys, secretKey: randomBytes(32) }, otherBuild),
    );
    expect(mismatches.map((m) => m.name).sort()).toEqual(["NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "PORTAL_SECRET_KEY"]);
  });
});
