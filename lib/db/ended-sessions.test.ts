import type { Database } from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_ENDED_SESSIONS, recordEndedSession, sessionHasEnded } from "./ended-sessions";
import { openPortalDb } from "./portal-db";

const T0 = 1_760_000_000;
let db: Database;
beforeEach(() => {
  db = openPortalDb(":memory:");
});
const rows = () => (db.prepare("SELECT count(*) AS n FROM ended_sessions").get() as { n: number }).n;

describe("ended sessions", () => {
  it("lists a session as ended, and only that one", () => {
    expect(recordEndedSession(db, "s-1", T0 + 100, T0)).toBe(true);
    expect(sessionHasEnded(db, "s-1")).toBe(true);
    expect(sessionHasEnded(db, "s-2")).toBe(false);
    // Ending it again keeps the later expiry.
    expect(recordEndedSession(db, "s-1", T0 + 50, T0)).toBe(true);
    expect(db.prepare("SELECT expires_at FROM ended_sessions").get()).toEqual({ expires_at: T0 + 100 });
  });

  it("drops entries past their expiry when a session ends", () => {
    recordEndedSession(db, "old", T0 + 10, T0);
    recordEndedSession(db, "live", T0 + 1000, T0);
    recordEndedSession(db, "new", T0 + 2000, T0 + 10);
    expect(sessionHasEnded(db, "old")).toBe(false);
    expect(rows()).toBe(2);
  });

  it("is bounded: a full list of live entries takes no more and says so; expired ones make room", () => {
    for (let i = 0; i < 3; i++) expect(recordEndedSession(db, `s-${i}`, T0 + 100 + i, T0, 3)).toBe(true);
    expect(recordEndedSession(db, "s-3", T0 + 200, T0, 3)).toBe(false);
    expect(rows()).toBe(3);
    expect(recordEndedSession(db, "s-3", T0 + 200, T0 + 100, 3)).toBe(true); // s-0 expired at T0 + 100
    expect(rows()).toBe(3);
    expect(MAX_ENDED_SESSIONS).toBe(100_000);
  });
});
