/**
 * A window limit counted in memory or in Redis answers alike; in Redis, connections sharing a prefix (instances
 * sharing one Redis) take from one budget, by Redis's clock, under keys of bounded length that expire, and a limit
 * that cannot reach Redis refuses instead of letting everything through.
 */
import type Redis from "ioredis";
import { describe, expect, it } from "vitest";
import { limitKey } from "./limit-keys";
import { isNotCounted, takeCounted, type WindowLimit } from "./limits";
import { RedisWindowLimit } from "./redis-window-limit";
import { SlidingWindowLimit } from "./sliding-window";
import { LIMIT_KINDS, testPrefix, testRedisEach, unreachableRedis } from "./testing";

const OPTS = { name: "test-window", what: "test events", perWindow: 3, windowMs: 60_000 };

/** Redis's own time in ms, as the scripts read it. */
async function redisNow(client: Redis): Promise<number> {
  const [seconds, micros] = await client.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

describe.each(LIMIT_KINDS)("a window limit (%s)", (kind) => {
  const redis = testRedisEach();
  const limit = (): WindowLimit<string> =>
    kind === "memory" ? new SlidingWindowLimit<string>(OPTS) : new RedisWindowLimit<string>(redis(), OPTS);

  it("allows perWindow events per key, then says how long until the next, counting no refused one", async () => {
    const l = limit();
    expect(l.perWindow).toBe(3);
    for (let i = 0; i < 3; i++) expect(await l.take("a")).toBe(0);
    const wait = await l.take("a");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(OPTS.windowMs);
    expect(await l.take("b")).toBe(0);
    // Refused ones were not counted: the wait is still the first event's, not pushed back by the refusals.
    expect(await l.take("a")).toBeLessThanOrEqual(wait);
  });

  it("counts events sent side by side each once: exactly perWindow pass", async () => {
    const l = limit();
    const waits = await Promise.all(Array.from({ length: 10 }, () => l.take("a")));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });
});

describe("a window limit in Redis", () => {
  const redis = testRedisEach();

  it("is one budget for every instance: two connections to one Redis share it", async () => {
    const prefix = testPrefix();
    const [one, two] = [new RedisWindowLimit(redis(prefix), OPTS), new RedisWindowLimit(redis(prefix), OPTS)];
    expect(await one.take(7)).toBe(0);
    expect(await two.take(7)).toBe(0);
    expect(await one.take(7)).toBe(0);
    expect(await two.take(7)).toBeGreaterThan(0);
    expect(await one.take(7)).toBeGreaterThan(0);
    // Another portal (another prefix) counts apart.
    expect(await new RedisWindowLimit(redis(), OPTS).take(7)).toBe(0);
  });

  it("counts by Redis's clock: events a window old are dropped, and the wait runs from Redis's time", async () => {
    const client = redis();
    const key = limitKey(OPTS.name, "a");
    const now = await redisNow(client);
    // Three events that left the window just now, and one 50 s ago.
    await client.zadd(key, now - 60_001, "old-1", now - 60_500, "old-2", now - 70_000, "old-3");
    await client.zadd(key, now - 50_000, "recent");
    const l = new RedisWindowLimit<string>(client, OPTS);
    expect(await l.take("a")).toBe(0);
    expect(await l.take("a")).toBe(0);
    expect(await client.zcard(key)).toBe(3);
    // The oldest kept event (50 s ago) leaves the window about 10 s from now, by Redis's clock.
    const wait = await l.take("a");
    expect(wait).toBeGreaterThan(8_000);
    expect(wait).toBeLessThanOrEqual(10_000);
  });

  it("lets an idle key expire a window after its latest event", async () => {
    const client = redis();
    await new RedisWindowLimit<string>(client, OPTS).take("a");
    const ttl = await client.pttl(limitKey(OPTS.name, "a"));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(OPTS.windowMs);
  });

  it("names a key by its hash: as short for a huge key as for a small one, holding none of it", async () => {
    const client = redis();
    const huge = `${"x".repeat(100_000)}@example.org`;
    await new RedisWindowLimit<string>(client, OPTS).take(huge);
    const key = limitKey(OPTS.name, huge);
    expect(await client.exists(key)).toBe(1);
    expect(key.length).toBe(limitKey(OPTS.name, "a").length);
    expect(key.length).toBeLessThan(80);
    expect(key).not.toContain("example.org");
    expect(() => limitKey("Not A Name", "a")).toThrow(/lower case/);
  });

  it("refuses when Redis does not answer: the event is not counted, and nothing passes unseen", async () => {
    const client = unreachableRedis();
    try {
      const l = new RedisWindowLimit<number>(client, OPTS);
      const refusal = await l.take(1).catch((err: unknown) => err);
      expect(isNotCounted(refusal)).toBe(true);
      expect((refusal as Error).message).toBe(
        "The server cannot count test events just now (Redis does not answer); try again shortly.",
      );
      expect(await takeCounted(l, 1)).toBeUndefined();
    } finally {
      client.disconnect();
    }
  });
});
