import { describe, expect, it } from "vitest";
import type { Release } from "@/lib/runtime/turns";
import { LoadSlots, MAX_LOADS_PER_CALLER, MAX_RUNNING_PER_CALLER } from "./load-slots";

/** Asks for `n` slots for `caller`; the releases of those granted so far, in the order granted. */
function ask(
  slots: LoadSlots,
  caller: string | undefined,
  n: number,
  granted: { caller?: string; release: Release }[],
) {
  const entered = [];
  for (let i = 0; i < n; i++) {
    const turn = slots.enter(caller);
    entered.push(turn);
    void turn?.then((release) => granted.push({ caller, release }));
  }
  return entered;
}

const settle = () => new Promise((r) => setImmediate(r));

describe("the study cache's load slots", () => {
  it("gives one caller at most its share of the slots, leaving the rest to others at once", async () => {
    expect([MAX_RUNNING_PER_CALLER, MAX_LOADS_PER_CALLER]).toEqual([3, 16]);
    const slots = new LoadSlots(4);
    const granted: { caller?: string; release: Release }[] = [];
    ask(slots, "abuser", 10, granted);
    await settle();
    expect(granted.map((g) => g.caller)).toEqual(["abuser", "abuser", "abuser"]);
    ask(slots, "other", 3, granted);
    await settle();
    expect(granted.map((g) => g.caller)).toEqual(["abuser", "abuser", "abuser", "other"]);
    expect(slots.load).toEqual({ running: 4, waiting: 9 });
  });

  it("hands freed slots to the waiting callers in turn", async () => {
    const slots = new LoadSlots(2, 2);
    const granted: { caller?: string; release: Release }[] = [];
    ask(slots, "a", 6, granted);
    await settle();
    ask(slots, "b", 2, granted);
    ask(slots, "c", 2, granted);
    for (let i = 0; i < 6; i++) {
      granted[i].release();
      await settle();
    }
    // a held both slots; each slot freed then goes to the next caller in line, not back to a's long line.
    expect(granted.map((g) => g.caller)).toEqual(["a", "a", "a", "b", "c", "a", "b", "c"]);
  });

  it("refuses a caller's load beyond its line at once, and no one else's", async () => {
    const slots = new LoadSlots(4, 2, 3);
    const granted: { caller?: string; release: Release }[] = [];
    const entered = ask(slots, "abuser", 4, granted);
    expect(entered.map((e) => e !== undefined)).toEqual([true, true, true, false]);
    expect(slots.admits("abuser")).toBe(false);
    expect(slots.admits("other")).toBe(true);
    await settle();
    // One ends: one more may be asked for.
    granted[0].release();
    expect(slots.admits("abuser")).toBe(true);
  });

  it("leaves a line when its load is aborted while waiting, and forgets a caller with nothing left", async () => {
    const slots = new LoadSlots(1, 1, 2);
    const granted: { caller?: string; release: Release }[] = [];
    ask(slots, "a", 1, granted);
    const abort = new AbortController();
    const waiting = slots.enter("a", abort.signal)!;
    abort.abort(new Error("gone"));
    await expect(waiting).rejects.toThrow("gone");
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    await settle();
    granted[0].release();
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it("does not limit loads asked for on no one's behalf", async () => {
    const slots = new LoadSlots(4, 2, 3);
    const granted: { caller?: string; release: Release }[] = [];
    const entered = ask(slots, undefined, 20, granted);
    expect(entered.every((e) => e !== undefined)).toBe(true);
    await settle();
    expect(granted).toHaveLength(4);
  });
});
