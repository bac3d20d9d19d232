import { describe, expect, it } from "vitest";
import { tukeyWhiskers } from "./box-plot";

describe("Tukey's whiskers: the most extreme values within 1.5 IQR of the box, the rest outliers", () => {
  it("a small sample with one high outlier", () => {
    // 1, 2, 3, 4, 5, 6, 7, 30: positions (n - 1) p = 7 p. Q1 at 1.75: 2 + 0.75 × 1 = 2.75; Q3 at 5.25: 6 + 0.25 = 6.25.
    // IQR 3.5, reach 5.25: fences −2.5 and 11.5. Low whisker 1 (the minimum), high whisker 7; 30 is an outlier.
    expect(tukeyWhiskers([1, 2, 3, 4, 5, 6, 7, 30], 2.75, 6.25)).toEqual({
      whiskerLow: 1,
      whiskerHigh: 7,
      outliers: [30],
    });
  });

  it("outliers on both sides", () => {
    // -20, 10, 11, 12, 13, 14, 40: Q1 at 1.5 = 10.5, Q3 at 4.5 = 13.5; IQR 3, reach 4.5: fences 6 and 18.
    expect(tukeyWhiskers([-20, 10, 11, 12, 13, 14, 40], 10.5, 13.5)).toEqual({
      whiskerLow: 10,
      whiskerHigh: 14,
      outliers: [-20, 40],
    });
  });

  it("a value exactly on a fence is inside", () => {
    // 0, 2, 4, 6, 8: Q1 2, Q3 6, IQR 4, reach 6: fences −4 and 12. With 12 added in place of 8: Q3 still 6.
    expect(tukeyWhiskers([0, 2, 4, 6, 12], 2, 6)).toEqual({ whiskerLow: 0, whiskerHigh: 12, outliers: [] });
  });

  it("one value: both whiskers at it, no outlier", () =>
    expect(tukeyWhiskers([5], 5, 5)).toEqual({ whiskerLow: 5, whiskerHigh: 5, outliers: [] }));
});
