/**
 * The per-user limit of connection tests, as the server counts it: on memory (one server) and on Redis (instances
 * sharing it, two connections under one prefix standing for two instances).
 */
import type Redis from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { RedisWindowLimit } from "@/lib/coordination/redis-window-limit";
import { SlidingWindowLimit } from "@/lib/coordination/sliding-window";
import { testRedis } from "@/lib/coordination/testing";
import { CONNECTION_TESTS, memoryConnectionTestLimit, TESTS_PER_MINUTE } from "./test-limit";

const opts = CONNECTION_TESTS;

describe("the per-user limit of connection tests", () => {
  it("allows a few tests a minute per user, then refuses until the oldest test is a minute old", async () => {
    expect(TESTS_PER_MINUTE).toBe(5);
    const clock = { now: 0 };
    const limit = memoryConnectionTestLimit(() => clock.now);
    for (let i = 0; i < 5; i++) {
      expect(await limit.take(1)).toBe(0);
      clock.now += 1_000;
    }
    expect(await limit.take(1)).toBeGreaterThan(0);
    // Another user is not limited by the first one's tests.
    expect(await limit.take(2)).toBe(0);
    // Refused tests are not counted: a minute after the first test, one more is allowed, and only one.
    clock.now = 60_000;
    expect(await limit.take(1)).toBe(0);
    expect(await limit.take(1)).toBeGreaterThan(0);
    clock.now = 61_000;
    expect(await limit.take(1)).toBe(0);
  });

  it("is bounded: idle users are forgotten, and beyond the most users the least recent goes first", async () => {
    const clock = { now: 0 };
    const limit = new SlidingWindowLimit<number>({ ...opts, perWindow: 2, maxKeys: 3, now: () => clock.now });
    for (const user of [1, 2, 3, 4]) expect(await limit.take(user)).toBe(0);
    expect(limit.size).toBe(3);
    // User 1, forgotten as the least recent, starts again; user 4 is still counted.
    expect(await limit.take(1)).toBe(0);
    expect(await limit.take(4)).toBe(0);
    expect(await limit.take(4)).toBeGreaterThan(0);
    clock.now += 60_000;
    expect(await limit.take(5)).toBe(0);
    expect(limit.size).toBe(1);
  });

  describe("across instances sharing Redis", () => {
    const connections: Redis[] = [];
    afterEach(async () => {
      await Promise.all(connections.splice(0).map((c) => c.quit()));
    });

    it("counts one user's tests on two instances into one budget of five a minute", async () => {
      const prefix = `study-portal-test:connection-tests:${Math.random().toString(36).slice(2)}:`;
      const [a, b] = [testRedis(prefix), testRedis(prefix)];
      connections.push(a, b);
      const [onA, onB] = [new RedisWindowLimit<number>(a, opts), new RedisWindowLimit<number>(b, opts)];
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await (i % 2 === 0 ? onA : onB).take(7));
      expect(answers.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
      expect(answers[5]).toBeGreaterThan(0);
      // Another user has a budget of their own.
      expect(await onB.take(8)).toBe(0);
    });
  });
});
