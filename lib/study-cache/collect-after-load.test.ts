import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLLECT_WHEN_QUIET, collectAfterLargeLoad } from "./collect-after-load";

describe("collectAfterLargeLoad", () => {
  const g = globalThis as { gc?: () => void };
  const saved = g.gc;
  let collections = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    collections = 0;
    g.gc = () => {
      collections++;
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    g.gc = saved;
  });

  it("collects once, a second after a large load, and never for a small one", () => {
    collectAfterLargeLoad(49_999);
    vi.advanceTimersByTime(5_000);
    expect(collections).toBe(0);
    collectAfterLargeLoad(1_059_296);
    vi.advanceTimersByTime(999);
    expect(collections).toBe(0);
    vi.advanceTimersByTime(1);
    expect(collections).toBe(1);
  });

  it("lets loads that end close together share one collection", () => {
    collectAfterLargeLoad(338_000);
    vi.advanceTimersByTime(500);
    collectAfterLargeLoad(1_059_296);
    vi.advanceTimersByTime(5_000);
    expect(collections).toBe(1);
  });

  it("does nothing where the process offers no collection", () => {
    g.gc = undefined;
    collectAfterLargeLoad(1_059_296);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("collectAfterLargeLoad in the app's server", () => {
  const g = globalThis as { gc?: () => void; [COLLECT_WHEN_QUIET]?: () => void };
  const saved = g.gc;
  afterEach(() => {
    vi.useRealTimers();
    g.gc = saved;
    delete g[COLLECT_WHEN_QUIET];
  });

  it("leaves the collection to the server's next quiet spell, and collects nothing itself", () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    const due = vi.fn();
    g.gc = gc;
    g[COLLECT_WHEN_QUIET] = due;
    collectAfterLargeLoad(49_999);
    expect(due).not.toHaveBeenCalled();
    collectAfterLargeLoad(1_059_296);
    expect(due).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(gc).not.toHaveBeenCalled();
  });
});
