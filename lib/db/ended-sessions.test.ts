import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { MAX_ENDED_SESSIONS, recordEndedSession, sessionHasEnded } from "./ended-sessions";
import { databaseEngine } from "./testing";

const T0 = 1_760_000_000;

describe.each(STORE_KINDS)("ended sessions (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });
  const rows = async () =>
    Number(
      (await store.db.selectFrom("ended_sessions").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n,
    );

  it("runs on the database it names", async () => {
    expect(store.kind).toBe(kind);
    expect(await databaseEngine(store)).toBe(kind);
    expect(await recordEndedSession(store, "s-1", T0 + 100, T0)).toBe(true);
    expect(await rows()).toBe(1);
  });

  it("lists a session as ended, and only that one", async () => {
    expect(await recordEndedSession(store, "s-1", T0 + 100, T0)).toBe(true);
    expect(await sessionHasEnded(store, "s-1")).toBe(true);
    expect(await sessionHasEnded(store, "s-2")).toBe(false);
    // Ending it again keeps the later expiry, whichever comes first.
    expect(await recordEndedSession(store, "s-1", T0 + 50, T0)).toBe(true);
    expect(await store.db.selectFrom("ended_sessions").select("expires_at").execute()).toEqual([
      { expires_at: T0 + 100 },
    ]);
    expect(await recordEndedSession(store, "s-1", T0 + 300, T0)).toBe(true);
    expect(await store.db.selectFrom("ended_sessions").select("expires_at").execute()).toEqual([
      { expires_at: T0 + 300 },
    ]);
  });

  it("drops entries past their expiry when a session ends", async () => {
    await recordEndedSession(store, "old", T0 + 10, T0);
    await recordEndedSession(store, "live", T0 + 1000, T0);
    await recordEndedSession(store, "new", T0 + 2000, T0 + 10);
    expect(await sessionHasEnded(store, "old")).toBe(false);
    expect(await rows()).toBe(2);
  });

  it("is bounded: a full list of live entries takes no more and says so; expired ones make room", async () => {
    for (let i = 0; i < 3; i++) expect(await recordEndedSession(store, `s-${i}`, T0 + 100 + i, T0, 3)).toBe(true);
    expect(await recordEndedSession(store, "s-3", T0 + 200, T0, 3)).toBe(false);
    expect(await rows()).toBe(3);
    expect(await recordEndedSession(store, "s-3", T0 + 200, T0 + 100, 3)).toBe(true); // s-0 expired at T0 + 100
    expect(await rows()).toBe(3);
    expect(MAX_ENDED_SESSIONS).toBe(100_000);
  });

  it("stays bounded when sessions end at the same moment", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => recordEndedSession(store, `s-${i}`, T0 + 100, T0, 5)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await rows()).toBe(5);
  });
});
