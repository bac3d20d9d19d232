import { describe, expect, it } from "vitest";
import { LoadSlots } from "./load-slots";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("LoadSlots", () => {
  it("runs at most max at once, hands a slot on in order, and counts each release once", async () => {
    const slots = new LoadSlots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((release) => {
      order.push("c");
      return release;
    });
    const d = slots.acquire().then((release) => {
      order.push("d");
      return release;
    });
    await tick();
    expect([slots.active, slots.queued, order]).toEqual([2, 2, []]);
    a();
    a();
    await tick();
    expect([slots.active, slots.queued, order]).toEqual([2, 1, ["c"]]);
    b();
    (await c)();
    (await d)();
    expect([slots.active, slots.queued, order]).toEqual([0, 0, ["c", "d"]]);
  });

  it("an aborted wait leaves the line and takes no slot", async () => {
    const slots = new LoadSlots(1);
    const first = await slots.acquire();
    const abort = new AbortController();
    const waiting = slots.acquire(abort.signal);
    abort.abort(new Error("nobody wants it"));
    await expect(waiting).rejects.toThrow("nobody wants it");
    expect(slots.queued).toBe(0);
    first();
    expect(slots.active).toBe(0);
  });
});
