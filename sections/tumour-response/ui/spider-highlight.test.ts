import { describe, expect, it, vi } from "vitest";
import { DIMMED, highlightHandlers, lineLook } from "./spider-highlight";

describe("the spider plot's highlighted subject", () => {
  it("draws every line as usual while none is highlighted", () =>
    expect(lineLook("S1", null)).toEqual({ state: "none", opacity: 1, width: 1.5 }));

  it("draws the highlighted subject's line thicker and dims every other one", () => {
    expect(lineLook("S1", "S1")).toEqual({ state: "on", opacity: 1, width: 3 });
    expect(lineLook("S2", "S1")).toEqual({ state: "dim", opacity: DIMMED, width: 1 });
    expect(DIMMED).toBeLessThan(0.5);
  });

  it("highlights while the pointer or the focus is on the subject, and stops when it leaves", () => {
    const set = vi.fn();
    const h = highlightHandlers(set, "S7");
    h.onMouseEnter();
    h.onFocus();
    h.onMouseLeave();
    h.onBlur();
    expect(set.mock.calls).toEqual([["S7"], ["S7"], [null], [null]]);
  });
});
