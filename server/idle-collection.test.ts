import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLLECT_WHEN_QUIET as READ_BY_THE_APP } from "@/lib/study-cache/collect-after-load";
// @ts-expect-error: a plain ES module without types, imported by server/serve.mjs.
import { COLLECT_WHEN_QUIET, idleCollector } from "./idle-collection.mjs";

describe("the server's collection when idle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const serve = (c: { started(): void; ended(): void }, n: number) => {
    for (let i = 0; i < n; i++) {
      c.started();
      c.ended();
    }
  };

  it("collects after enough requests and a quiet spell, once more when the quiet lasts, then no more", () => {
    const gc = vi.fn();
    const c = idleCollector({ gc, idleMs: 5000, minRequests: 3, settleMs: 10_000, timers: globalThis });
    serve(c, 3);
    vi.advanceTimersByTime(4999);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9999);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(2);
    // Nothing served since: no third collection.
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it("gives up the second collection when a request comes before it", () => {
    const gc = vi.fn();
    const c = idleCollector({ gc, idleMs: 5000, minRequests: 3, settleMs: 10_000, timers: globalThis });
    serve(c, 3);
    vi.advanceTimersByTime(5000);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9000);
    serve(c, 1);
    // One request is not enough to collect for: nothing more, however long the quiet.
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it("waits while a request is in flight, and a new request restarts the quiet spell", () => {
    const gc = vi.fn();
    const c = idleCollector({ gc, idleMs: 5000, minRequests: 2, timers: globalThis });
    serve(c, 2);
    vi.advanceTimersByTime(4000);
    c.started(); // a long request, e.g. a page waiting for a study's load
    vi.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
    c.ended();
    vi.advanceTimersByTime(5000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it("does not collect after a few requests, nor without gc", () => {
    const gc = vi.fn();
    serve(idleCollector({ gc, idleMs: 5000, minRequests: 20, timers: globalThis }), 19);
    vi.advanceTimersByTime(60_000);
    expect(gc).not.toHaveBeenCalled();
    expect(() => serve(idleCollector({ gc: undefined, timers: globalThis }), 50)).not.toThrow();
  });

  it("collects at the next quiet spell once a collection is due, however few requests were served", () => {
    const gc = vi.fn();
    const c = idleCollector({ gc, idleMs: 5000, minRequests: 20, timers: globalThis });
    c.started(); // a page in flight when the load ends
    c.due();
    vi.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
    c.ended();
    vi.advanceTimersByTime(4999);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
    // Due once: a few requests later, nothing more.
    serve(c, 5);
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it("starts the quiet spell at once when a collection falls due with nothing in flight", () => {
    const gc = vi.fn();
    const c = idleCollector({ gc, idleMs: 5000, minRequests: 20, timers: globalThis });
    c.due();
    vi.advanceTimersByTime(5000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it("offers its due collection under the symbol the app's study cache reads", () => {
    expect(COLLECT_WHEN_QUIET).toBe(READ_BY_THE_APP);
  });
});
