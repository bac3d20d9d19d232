import { describe, expect, it } from "vitest";
import { ConnectionTestLimit, TESTS_PER_MINUTE } from "./test-limit";

describe("the per-user limit of connection tests", () => {
  it("allows a few tests a minute per user, then refuses until the oldest test is a minute old", () => {
    expect(TESTS_PER_MINUTE).toBe(5);
    const clock = { now: 0 };
    const limit = new ConnectionTestLimit(() => clock.now);
    for (let i = 0; i < 5; i++) {
      expect(limit.take(1)).toBe(true);
      clock.now += 1_000;
    }
    expect(limit.take(1)).toBe(false);
    // Another user is not limited by the first one's tests.
    expect(limit.take(2)).toBe(true);
    // Refused tests are not counted: a minute after the first test, one more is allowed, and only one.
    clock.now = 60_000;
    expect(limit.take(1)).toBe(true);
    expect(limit.take(1)).toBe(false);
    clock.now = 61_000;
    expect(limit.take(1)).toBe(true);
  });

  it("is bounded: idle users are forgotten, and beyond the most users the least recent goes first", () => {
    const clock = { now: 0 };
    const limit = new ConnectionTestLimit(() => clock.now, 2, 3);
    for (const user of [1, 2, 3, 4]) expect(limit.take(user)).toBe(true);
    expect(limit.size).toBe(3);
    // User 1, forgotten as the least recent, starts again; user 4 is still counted.
    expect(limit.take(1)).toBe(true);
    expect(limit.take(4)).toBe(true);
    expect(limit.take(4)).toBe(false);
    clock.now += 60_000;
    expect(limit.take(5)).toBe(true);
    expect(limit.size).toBe(1);
  });
});
