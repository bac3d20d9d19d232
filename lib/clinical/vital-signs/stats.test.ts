import { describe, expect, it } from "vitest";
import { decimalsOf, roundSummary, summarize } from "./stats";

describe("summarize: n, mean, sample SD (n - 1), median, quartiles (type 7), min, max", () => {
  it.each([
    // Worked by hand. [2,4,4,4,5,5,7,9]: sum 40, mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32, SD = sqrt(32/7);
    // median (4+5)/2; Q1 at position 7 x 0.25 = 1.75 -> 4 + 0.75 x (4-4); Q3 at 5.25 -> 5 + 0.25 x (7-5).
    [[2, 4, 4, 4, 5, 5, 7, 9], { n: 8, mean: 5, sd: Math.sqrt(32 / 7), median: 4.5, q1: 4, q3: 5.5, min: 2, max: 9 }],
    // [1,2,3,4]: mean 2.5; squares 2.25+0.25+0.25+2.25 = 5, SD sqrt(5/3); Q1 at 0.75 -> 1.75; Q3 at 2.25 -> 3.25.
    [[1, 2, 3, 4], { n: 4, mean: 2.5, sd: Math.sqrt(5 / 3), median: 2.5, q1: 1.75, q3: 3.25, min: 1, max: 4 }],
    // Unsorted [9,1,5]: mean 5; squares 16+16+0 = 32, SD sqrt(32/2) = 4; Q1 at 0.5 -> 1 + 0.5 x 4; Q3 at 1.5 -> 7.
    [[9, 1, 5], { n: 3, mean: 5, sd: 4, median: 5, q1: 3, q3: 7, min: 1, max: 9 }],
    // One value: no SD (n - 1 = 0).
    [[120], { n: 1, mean: 120, sd: null, median: 120, q1: 120, q3: 120, min: 120, max: 120 }],
    // Negative values and a zero are values like any other.
    [[-2, 0, 2], { n: 3, mean: 0, sd: 2, median: 0, q1: -1, q3: 1, min: -2, max: 2 }],
  ])("%j", (values, expected) => {
    const s = summarize(values);
    expect(s).not.toBeNull();
    for (const [k, v] of Object.entries(expected)) {
      if (v === null) expect(s?.[k as keyof typeof s]).toBeNull();
      else expect(s?.[k as keyof typeof s]).toBeCloseTo(v, 12);
    }
  });

  it("is null for no values and leaves its input alone", () => {
    expect(summarize([])).toBeNull();
    const input = [3, 1, 2];
    summarize(input);
    expect(input).toEqual([3, 1, 2]);
  });

  it("does not fall for binary noise: 36.6 and 36.8 have mean 36.7 and SD sqrt(0.02)", () => {
    const s = summarize([36.6, 36.8]);
    expect(s?.mean).toBeCloseTo(36.7, 12);
    expect(s?.sd).toBeCloseTo(0.1414213562, 9);
  });
});

describe("decimals of the data", () => {
  it.each([
    [120, 0],
    [37.2, 1],
    [1.85, 2],
    [0.05, 2],
    [-2.25, 2],
    [1e-7, 6],
    [1e21, 0],
  ])("%d is written with %i decimals", (value, decimals) => expect(decimalsOf(value)).toBe(decimals));
});

describe("rounding for display: min and max at the data's decimals, mean, median, quartiles +1, SD +2", () => {
  it.each([
    // Whole numbers: mean 5 -> 5.0, SD 2.138... -> 2.14, median 4.5, Q3 5.5.
    [[2, 4, 4, 4, 5, 5, 7, 9], 0, { mean: 5, sd: 2.14, median: 4.5, q1: 4, q3: 5.5, min: 2, max: 9 }],
    // One decimal: mean 36.7 at 2 places, SD 0.1414... at 3 places -> 0.141.
    [[36.6, 36.8], 1, { mean: 36.7, sd: 0.141, median: 36.7, q1: 36.65, q3: 36.75, min: 36.6, max: 36.8 }],
    // [120, 121, 125]: mean 122 at 1 place; squares 4+1+9 = 14, SD sqrt(7) = 2.6457... -> 2.65.
    [[120, 121, 125], 0, { mean: 122, sd: 2.65, median: 121, q1: 120.5, q3: 123, min: 120, max: 125 }],
    // [1, 2]: mean 1.5, SD sqrt(0.5) = 0.7071... -> 0.71.
    [[1, 2], 0, { mean: 1.5, sd: 0.71, median: 1.5, q1: 1.3, q3: 1.8, min: 1, max: 2 }],
  ])("%j at %i decimals", (values, decimals, expected) => {
    const s = summarize(values);
    expect(s && roundSummary(s, decimals)).toEqual({ n: values.length, ...expected });
  });
});
