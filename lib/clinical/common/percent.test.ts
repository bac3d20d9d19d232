import { describe, expect, it } from "vitest";
import { percentOf, percentText } from "./percent";

describe("percentOf: 100 n / N to one decimal, a half up, from the counts", () => {
  it.each([
    // n, N, by hand
    [7, 40, 17.5],
    [1, 3, 33.3], // 33.33...
    [2, 3, 66.7], // 66.66...
    [1, 16, 6.3], // 6.25: a half, up
    [3, 2000, 0.2], // 0.15: a half, up (toFixed on 100 * 3 / 2000 gives 0.1)
    [23, 2000, 1.2], // 1.15: a half, up (Math.round(10 * (100 * 23 / 2000)) / 10 gives 1.1)
    [1, 8, 12.5],
    [0, 5, 0],
    [40, 40, 100],
    [1, 0, null],
  ])("%i of %i is %s", (n, of, p) => expect(percentOf(n, of)).toBe(p));

  it("writes one decimal, and nothing without an N", () => {
    expect([percentText(40, 40), percentText(3, 2000), percentText(0, 0)]).toEqual(["100.0", "0.2", ""]);
  });
});
