/**
 * Refresh is limited per user and study, through openUserStudy against the in-process partner service: a few
 * presses a minute do what Refresh does; one more does nothing, asks nothing of the partner, writes no audit entry,
 * and says when it may be pressed again. In Redis the presses on every instance count together, and presses that
 * cannot be counted do nothing either.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

// The process's portal store is the test's store of each kind in turn.
const held = vi.hoisted(() => ({ store: undefined as Store | undefined }));
vi.mock("@/lib/store/portal-store", () => ({ portalStore: async () => held.store }));

const { createConnection } = await import("@/lib/db/connections");
const { addUserRow } = await import("@/lib/connections/testing");
const { SlidingWindowLimit } = await import("@/lib/coordination/sliding-window");
const { RedisWindowLimit } = await import("@/lib/coordination/redis-window-limit");
const { testPrefix, testRedisEach, unreachableRedis } = await import("@/lib/coordination/testing");
const { openUserStudy } = await import("./open-user-study");
const { REFRESHES_PER_MINUTE, refreshLimit } = await import("./refresh-limit");
const { loadSubjectList } = await import("./subject-list");
const { cacheWithLog } = await import("./testing");

let t: TestService;

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 4, visits: 2 } });
});
afterAll(() => t.db.close());

describe.each(STORE_KINDS)("Refresh, limited per user and study (%s)", (kind) => {
  let store: Store;
  let alice: number;
  let connectionId: string;
  beforeAll(async () => {
    store = await testStore(kind);
    held.store = store;
    alice = await addUserRow(store, "alice@example.org");
    const { partnerId, clientId, clientSecret } = northstar;
    const fields = { name: "N", baseUrl: TEST_BASE, partnerId, clientId, studies: ["ONC-101", "CARD-201"] };
    connectionId = (await createConnection(store, alice, fields, clientSecret)).id;
  });
  afterAll(async () => store.close());

  const refreshEntries = async () =>
    (await store.db.selectFrom("audit_log").select("id").where("action", "=", "study.refresh").execute()).length;

  it("does what Refresh does a few times a minute, then nothing, saying when it may be pressed again", async () => {
    expect(REFRESHES_PER_MINUTE).toBe(3);
    expect(refreshLimit()).toBe(refreshLimit());
    const clock = { now: 0 };
    const limit = new SlidingWindowLimit<string>({
      perWindow: REFRESHES_PER_MINUTE,
      windowMs: 60_000,
      now: () => clock.now,
    });
    const { cache, urls } = cacheWithLog(t.fetch);
    const open = async (study = "ONC-101") =>
      (await openUserStudy(alice, { connectionId, study }, cache, { address: null, via: "refresh" }, limit))!;
    for (let press = 0; press < REFRESHES_PER_MINUTE; press++) {
      await loadSubjectList(await open());
      expect(await (await open()).refresh()).toEqual({ status: "dropped", entries: 4 });
      clock.now += 10_000;
    }
    await loadSubjectList(await open());
    const asked = urls.length;
    const entries = await refreshEntries();
    // The fourth press in the minute: nothing dropped, nothing asked, nothing recorded.
    expect(await (await open()).refresh()).toEqual({ status: "limited", retryAfterSeconds: 30 });
    expect(cache.stats().entries).toBe(4);
    expect(urls.length).toBe(asked);
    expect(await refreshEntries()).toBe(entries);
    // Another study of the user's is not limited by this one's presses.
    expect((await (await open("CARD-201")).refresh()).status).not.toBe("limited");
    // A minute after the first press, one more is allowed.
    clock.now = 60_000;
    expect(await (await open()).refresh()).toEqual({ status: "dropped", entries: 4 });
  });

  describe("counted in Redis", () => {
    const redis = testRedisEach();
    const options = {
      name: "refreshes",
      what: "presses of Refresh",
      perWindow: REFRESHES_PER_MINUTE,
      windowMs: 60_000,
    };

    it("counts the presses on every instance together", async () => {
      const prefix = testPrefix();
      const instances = [
        new RedisWindowLimit<string>(redis(prefix), options),
        new RedisWindowLimit(redis(prefix), options),
      ];
      const { cache } = cacheWithLog(t.fetch);
      const open = async (on: number, study = "ONC-101") =>
        (await openUserStudy(alice, { connectionId, study }, cache, { address: null, via: "refresh" }, instances[on]))!;
      for (let press = 0; press < REFRESHES_PER_MINUTE; press++) {
        await loadSubjectList(await open(press % 2));
        expect((await (await open(press % 2)).refresh()).status).toBe("dropped");
      }
      await loadSubjectList(await open(0));
      const entries = await refreshEntries();
      for (const on of [0, 1]) {
        const answer = await (await open(on)).refresh();
        expect(answer.status).toBe("limited");
        expect((answer as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
      }
      expect(cache.stats().entries).toBe(4);
      expect(await refreshEntries()).toBe(entries);
      expect((await (await open(1, "CARD-201")).refresh()).status).not.toBe("limited");
    });

    it("does nothing, and says so, when the presses cannot be counted", async () => {
      const client = unreachableRedis();
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const limit = new RedisWindowLimit<string>(client, options);
        const { cache, urls } = cacheWithLog(t.fetch);
        const open = async () =>
          (await openUserStudy(
            alice,
            { connectionId, study: "ONC-101" },
            cache,
            { address: null, via: "refresh" },
            limit,
          ))!;
        await loadSubjectList(await open());
        const asked = urls.length;
        const entries = await refreshEntries();
        expect(await (await open()).refresh()).toEqual({ status: "not-counted" });
        expect(cache.stats().entries).toBe(4);
        expect(urls.length).toBe(asked);
        expect(await refreshEntries()).toBe(entries);
      } finally {
        quiet.mockRestore();
        client.disconnect();
      }
    });
  });
});
