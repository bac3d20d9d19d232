import type { Database } from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { openPortalDb } from "./portal-db";
import { DEFAULT_SETTINGS, saveUserSettings, userSettings } from "./user-settings";
import { addUserSync } from "./users";

let db: Database;
beforeEach(() => {
  db = openPortalDb(":memory:");
});

describe("user settings", () => {
  it("reads the defaults for a user who changed nothing: no byte-order mark", () => {
    const ana = addUserSync(db, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    expect(userSettings(db, ana.id)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.csvBom).toBe(false);
  });

  it("keeps each user's own setting, changed again as often as saved", () => {
    const ana = addUserSync(db, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    const bo = addUserSync(db, { email: "bo@example.org", name: "Bo", password: "a-long-password-2" });
    saveUserSettings(db, ana.id, { csvBom: true });
    expect(userSettings(db, ana.id)).toEqual({ csvBom: true });
    expect(userSettings(db, bo.id)).toEqual({ csvBom: false });
    saveUserSettings(db, ana.id, { csvBom: false });
    expect(userSettings(db, ana.id)).toEqual({ csvBom: false });
  });

  it("goes with the user", () => {
    const ana = addUserSync(db, { email: "ana@example.org", name: "Ana", password: "a-long-password-1" });
    saveUserSettings(db, ana.id, { csvBom: true });
    db.prepare("DELETE FROM users WHERE id = ?").run(ana.id);
    expect(db.prepare("SELECT COUNT(*) AS n FROM user_settings").get()).toEqual({ n: 0 });
  });
});
