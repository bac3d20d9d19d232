import { describe, expect, it } from "vitest";
import { SlidingWindowLimit } from "./sliding-window";

describe("a sliding window's limit per key", () => {
  it("allows perWindow events per key in any window, and says how long until the next one", async () => {
    const clock = { now: 0 };
    const limit = new SlidingWindowLimit<string>({ perWindow: 3, windowMs: 60_000, now: () => clock.now });
    for (const at of [0, 10_000, 20_000]) {
      clock.now = at;
      expect(await limit.take("a")).toBe(0);
    }
    clock.now = 30_000;
    // The oldest of the three leaves the window at 60 s.
    expect(await limit.take("a")).toBe(30_000);
    expect(await limit.take("b")).toBe(0);
    // Refused events are not counted: at 60 s exactly one more is allowed, the next at 70 s.
    clock.now = 60_000;
    expect(await limit.take("a")).toBe(0);
    expect(await limit.take("a")).toBe(10_000);
  });

  it("is bounded: idle keys are forgotten, and beyond maxKeys the least recent goes first", async () => {
    const clock = { now: 0 };
    const limit = new SlidingWindowLimit<number>({ perWindow: 1, windowMs: 1_000, maxKeys: 2, now: () => clock.now });
    expect(await limit.take(1)).toBe(0);
    expect(await limit.take(2)).toBe(0);
    expect(await limit.take(3)).toBe(0);
    expect(limit.size).toBe(2);
    // Key 1, forgotten as the least recent, starts again; key 3 is still counted.
    expect(await limit.take(1)).toBe(0);
    expect(await limit.take(3)).toBeGreaterThan(0);
    clock.now = 1_000;
    expect(await limit.take(4)).toBe(0);
    expect(limit.size).toBe(1);
  });
});
