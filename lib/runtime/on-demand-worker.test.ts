/** A worker started on demand: one for every task while busy, kept alive by tasks only, stopped when idle. */
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { OnDemandWorker } from "./on-demand-worker";

/** A worker that stays until it is told to stop: an event loop kept busy by its message port. */
const idleWorker = () =>
  new Worker("require('node:worker_threads').parentPort.on('message', () => {});", { eval: true });

describe("OnDemandWorker", () => {
  it("starts one worker for the first task and gives the same one to the next while it runs", () => {
    const wired: Worker[] = [];
    const thread = new OnDemandWorker(idleWorker, (w) => wired.push(w), 10_000);
    const first = thread.busy();
    expect(thread.busy()).toBe(first);
    expect(wired).toEqual([first]);
    expect(thread.isCurrent(first)).toBe(true);
    void first.terminate();
  });

  it("stops an idle worker after its idle time, and a task before then keeps it", async () => {
    const thread = new OnDemandWorker(idleWorker, () => undefined, 100);
    const first = thread.busy();
    thread.quiet();
    // A task within the idle time: the same worker, and the stop is called off.
    expect(thread.busy()).toBe(first);
    await new Promise((r) => setTimeout(r, 250));
    expect(thread.isCurrent(first)).toBe(true);
    thread.quiet();
    const exit = await new Promise((resolve) => first.once("exit", resolve));
    expect(exit).toBe(1);
    expect(thread.isCurrent(first)).toBe(false);
    const next = thread.busy();
    expect(next).not.toBe(first);
    void next.terminate();
  });

  it("forgets a worker that stopped: the next task starts another", () => {
    const thread = new OnDemandWorker(idleWorker, () => undefined, 10_000);
    const first = thread.busy();
    thread.forget(first);
    const next = thread.busy();
    expect(next).not.toBe(first);
    void first.terminate();
    void next.terminate();
  });
});
