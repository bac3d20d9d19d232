import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { databaseEngine } from "./testing";
import { DEFAULT_SETTINGS, saveUserSettings, userSettings } from "./user-settings";
import { addUser } from "./users";

describe.each(STORE_KINDS)("user settings (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it("runs on the database it names", async () => {
    expect(store.kind).toBe(kind);
    expect(await databaseEngine(store)).toBe(kind);
    const ana = await addUser(store, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    await saveUserSettings(store, ana.id, { csvBom: true });
    expect(await store.db.selectFrom("user_settings").selectAll().execute()).toEqual([{ user_id: ana.id, csv_bom: 1 }]);
  });

  it("reads the defaults for a user who changed nothing: no byte-order mark", async () => {
    const ana = await addUser(store, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    expect(await userSettings(store, ana.id)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.csvBom).toBe(false);
  });

  it("keeps each user's own setting, changed again as often as saved", async () => {
    const ana = await addUser(store, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    const bo = await addUser(store, { email: "bo@example.org", name: "Bo", password: "a-long-password-2" });
    await saveUserSettings(store, ana.id, { csvBom: true });
    expect(await userSettings(store, ana.id)).toEqual({ csvBom: true });
    expect(await userSettings(store, bo.id)).toEqual({ csvBom: false });
    await saveUserSettings(store, ana.id, { csvBom: false });
    expect(await userSettings(store, ana.id)).toEqual({ csvBom: false });
  });

  it("goes with the user", async () => {
    const ana = await addUser(store, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    await saveUserSettings(store, ana.id, { csvBom: true });
    await store.db.deleteFrom("users").where("id", "=", ana.id).execute();
    expect(
      await store.db.selectFrom("user_settings").select(sql<number>`COUNT(*)`.as("n")).executeTakeFirstOrThrow(),
    ).toEqual({ n: 0 });
  });
});
