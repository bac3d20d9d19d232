import { describe, expect, it } from "vitest";
import type { Sliced } from "@/lib/clinical/common/sliced";
import { inSlices } from "./in-slices";

/** Busy for `ms` milliseconds: a step of real work. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function* steps(n: number, ms: number, done: number[]): Sliced<string> {
  for (let i = 0; i < n; i++) {
    spin(ms);
    done.push(i);
    yield;
  }
  return "value";
}

describe("inSlices", () => {
  it("lets other callbacks run between its slices, and gives the derivation's value", async () => {
    const done: number[] = [];
    let seenAt: number | undefined;
    // Queued before the derivation starts: held back until the first slice ends, never until the whole is done.
    setImmediate(() => {
      seenAt = done.length;
    });
    const value = await inSlices(steps(20, 2, done), 8);
    expect(value).toBe("value");
    expect(done).toHaveLength(20);
    expect(seenAt).toBeGreaterThanOrEqual(1);
    expect(seenAt).toBeLessThan(20);
  });

  it("does not wait for a turn while a slice has time left", async () => {
    const done: number[] = [];
    let seenAt: number | undefined;
    setImmediate(() => {
      seenAt = done.length;
    });
    // 50 steps of no measurable work: one slice.
    await inSlices(steps(50, 0, done), 1_000);
    expect(seenAt).toBeUndefined();
    await new Promise((r) => setImmediate(r));
    expect(seenAt).toBe(50);
  });

  it("rejects with the derivation's error", async () => {
    function* failing(): Sliced<never> {
      yield;
      throw new Error("no such test");
    }
    await expect(inSlices(failing())).rejects.toThrow("no such test");
  });
});
