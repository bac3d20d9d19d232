import { describe, expect, it } from "vitest";
import { Turns } from "./turns";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("Turns", () => {
  it("runs at most maxRunning at once, hands a slot on in order, and counts each release once", async () => {
    const slots = new Turns(2);
    const order: string[] = [];
    const a = await slots.enter()!;
    const b = await slots.enter()!;
    const c = slots.enter()!.then((release) => {
      order.push("c");
      return release;
    });
    const d = slots.enter()!.then((release) => {
      order.push("d");
      return release;
    });
    await tick();
    expect([slots.load.running, slots.load.waiting, order]).toEqual([2, 2, []]);
    a();
    a();
    await tick();
    expect([slots.load.running, slots.load.waiting, order]).toEqual([2, 1, ["c"]]);
    b();
    (await c)();
    (await d)();
    expect([slots.load.running, slots.load.waiting, order]).toEqual([0, 0, ["c", "d"]]);
  });

  it("an aborted wait leaves the line and takes no slot", async () => {
    const slots = new Turns(1);
    const first = await slots.enter()!;
    const abort = new AbortController();
    const waiting = slots.enter(abort.signal)!;
    abort.abort(new Error("nobody wants it"));
    await expect(waiting).rejects.toThrow("nobody wants it");
    expect(slots.load.waiting).toBe(0);
    first();
    expect(slots.load.running).toBe(0);
  });
});
