import { describe, expect, it } from "vitest";
import { newSlots, PACKS_PER_PROCESS, PACKS_PER_USER, takePackSlot } from "./pack-slots";

describe("export pack slots", () => {
  it("gives a user at most PACKS_PER_USER at once, and a slot back once however often it is returned", () => {
    const s = newSlots();
    const held = Array.from({ length: PACKS_PER_USER }, () => takePackSlot(1, s));
    expect(held.every((r) => r !== null)).toBe(true);
    expect(takePackSlot(1, s)).toBeNull();
    held[0]!();
    held[0]!();
    expect(takePackSlot(1, s)).not.toBeNull();
    expect(takePackSlot(1, s)).toBeNull();
  });

  it("gives the server at most PACKS_PER_PROCESS, and forgets a user with none running", () => {
    const s = newSlots();
    const held = Array.from({ length: PACKS_PER_PROCESS }, (_, i) => takePackSlot(100 + i, s)!);
    expect(takePackSlot(999, s)).toBeNull();
    for (const give of held) give();
    expect(s.byUser.size).toBe(0);
    expect(s.total).toBe(0);
  });
});
