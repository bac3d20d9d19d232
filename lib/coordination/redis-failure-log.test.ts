/**
 * A failure log kept in memory or in Redis answers alike (the sign-in throttle's counts); in Redis it counts by
 * Redis's clock, keeps at most `kept` failures of a key, under a hashed key that expires, and refuses when Redis does
 * not answer.
 */
import type Redis from "ioredis";
import { describe, expect, it } from "vitest";
import { MemoryFailureLog } from "@/lib/auth/sign-in-throttle";
import { limitKey } from "./limit-keys";
import { type FailureLog, isNotCounted } from "./limits";
import { RedisFailureLog } from "./redis-failure-log";
import { LIMIT_KINDS, testPrefix, testRedisEach, unreachableRedis } from "./testing";

const WINDOW_MS = 15 * 60_000;
const OPTS = { name: "test-failures", what: "test failures", kept: 4, windowMs: WINDOW_MS };

async function redisNow(client: Redis): Promise<number> {
  const [seconds, micros] = await client.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

describe.each(LIMIT_KINDS)("a failure log (%s)", (kind) => {
  const redis = testRedisEach();
  const log = (): FailureLog =>
    kind === "memory" ? new MemoryFailureLog(OPTS.kept, Date.now) : new RedisFailureLog(redis(), OPTS);

  it("counts failures per key, answering the count before each, and keeps the latest `kept`", async () => {
    const l = log();
    const before = [];
    for (let i = 0; i < 6; i++) before.push(await l.add("a@x.org"));
    expect(before).toEqual([0, 1, 2, 3, 4, 4]);
    expect(await l.count("a@x.org")).toBe(4);
    expect(await l.count("b@x.org")).toBe(0);
  });

  it("counts nothing at the cap, however many adds come at once", async () => {
    const l = log();
    const before = await Promise.all(Array.from({ length: 8 }, () => l.add("10.0.0.1", 3)));
    expect(before).toEqual([0, 1, 2, 3, 3, 3, 3, 3]);
    expect(await l.count("10.0.0.1")).toBe(3);
  });

  it("takes back the latest failure, and clears a key", async () => {
    const l = log();
    for (let i = 0; i < 3; i++) await l.add("a@x.org");
    await l.takeBack("a@x.org");
    expect(await l.count("a@x.org")).toBe(2);
    await l.clear("a@x.org");
    expect(await l.count("a@x.org")).toBe(0);
    await l.takeBack("a@x.org");
    expect(await l.count("a@x.org")).toBe(0);
  });
});

describe("a failure log in Redis", () => {
  const redis = testRedisEach();

  it("is one log for every instance", async () => {
    const prefix = testPrefix();
    const [one, two] = [new RedisFailureLog(redis(prefix), OPTS), new RedisFailureLog(redis(prefix), OPTS)];
    await one.add("a@x.org");
    expect(await two.add("a@x.org")).toBe(1);
    await two.clear("a@x.org");
    expect(await one.count("a@x.org")).toBe(0);
  });

  it("counts by Redis's clock: failures older than the window count for nothing and are dropped", async () => {
    const client = redis();
    const key = limitKey(OPTS.name, "a@x.org");
    const now = await redisNow(client);
    await client.zadd(key, now - WINDOW_MS - 1, "old-1", now - WINDOW_MS - 60_000, "old-2");
    await client.zadd(key, now - WINDOW_MS + 60_000, "recent");
    const l = new RedisFailureLog(client, OPTS);
    expect(await l.count("a@x.org")).toBe(1);
    expect(await l.add("a@x.org")).toBe(1);
    expect(await client.zcard(key)).toBe(2);
  });

  it("keeps a key a window after its latest failure, under a hash of it", async () => {
    const client = redis();
    const email = `${"a".repeat(50_000)}@example.org`;
    await new RedisFailureLog(client, OPTS).add(email);
    const key = limitKey(OPTS.name, email);
    expect(key).not.toContain("example.org");
    expect(key.length).toBeLessThan(80);
    const ttl = await client.pttl(key);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it("refuses every step when Redis does not answer", async () => {
    const client = unreachableRedis();
    try {
      const l = new RedisFailureLog(client, OPTS);
      for (const step of [l.count("a"), l.add("a", 3), l.takeBack("a"), l.clear("a")]) {
        const err = await step.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isNotCounted(err)).toBe(true);
      }
    } finally {
      client.disconnect();
    }
  });
});
