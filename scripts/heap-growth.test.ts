import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error: a plain ES module without types, imported by scripts/serve.mjs.
import { watchHeapGrowth } from "./heap-growth.mjs";

const MiB = 2 ** 20;

describe("the server's collection as its heap grows", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A heap whose size the test sets; a collection brings it down to `live`. */
  const heap = (start: number, live: number) => {
    const h = { used: start * MiB, live: live * MiB };
    const gc = vi.fn(() => {
      h.used = h.live;
    });
    return { h, gc, heapUsed: () => h.used };
  };

  it("collects when the heap has grown the set amount over its least since the last collection", () => {
    const { h, gc, heapUsed } = heap(400, 350);
    const stop = watchHeapGrowth({ gc, heapUsed, growthBytes: 200 * MiB, checkMs: 500 });
    h.used = 599 * MiB;
    vi.advanceTimersByTime(500);
    expect(gc).not.toHaveBeenCalled();
    h.used = 600 * MiB;
    vi.advanceTimersByTime(500);
    expect(gc).toHaveBeenCalledTimes(1);
    // After it, growth counts from the 350 MiB the collection left.
    h.used = 549 * MiB;
    vi.advanceTimersByTime(500);
    expect(gc).toHaveBeenCalledTimes(1);
    h.used = 550 * MiB;
    vi.advanceTimersByTime(500);
    expect(gc).toHaveBeenCalledTimes(2);
    stop();
  });

  it("counts from V8's own collections too: a heap that fell is the new floor", () => {
    const { h, gc, heapUsed } = heap(600, 300);
    const stop = watchHeapGrowth({ gc, heapUsed, growthBytes: 200 * MiB, checkMs: 500 });
    h.used = 300 * MiB;
    vi.advanceTimersByTime(500);
    // 500 MiB is only 200 over the floor of 300: one collection, not one for 500 - 600.
    h.used = 499 * MiB;
    vi.advanceTimersByTime(500);
    expect(gc).not.toHaveBeenCalled();
    h.used = 500 * MiB;
    vi.advanceTimersByTime(500);
    expect(gc).toHaveBeenCalledTimes(1);
    stop();
  });

  it("reads nothing once stopped, and does nothing where the process offers no collection", () => {
    const { h, gc, heapUsed } = heap(100, 100);
    const stop = watchHeapGrowth({ gc, heapUsed, growthBytes: 10 * MiB, checkMs: 500 });
    stop();
    h.used = 900 * MiB;
    vi.advanceTimersByTime(5_000);
    expect(gc).not.toHaveBeenCalled();
    watchHeapGrowth({ gc: undefined, heapUsed, growthBytes: 10 * MiB, checkMs: 500 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
