import { describe, expect, it } from "vitest";
import { boxStats, fiveNumbers } from "./stats";

describe("fiveNumbers: quartiles interpolated at p x (n - 1)", () => {
  // Worked by hand: sort, then the value at position p x (n - 1), between two values in proportion.
  it.each([
    ["one value", [7], [7, 7, 7, 7, 7]],
    ["two values: q1 at 0.25", [1, 2], [1, 1.25, 1.5, 1.75, 2]],
    ["three, unsorted", [3, 1, 2], [1, 1.5, 2, 2.5, 3]],
    ["four: an even median is the mean of the middle two", [4, 3, 2, 1], [1, 1.75, 2.5, 3.25, 4]],
    ["five: quartiles on values", [10, 2, 33, 4, 5], [2, 4, 5, 10, 33]],
    ["ties and negatives", [0, -1, 7, -1], [-1, -1, -0.5, 1.75, 7]],
    ["sorted as numbers, not as text", [10, 9, 100], [9, 9.5, 10, 55, 100]],
  ])("%s", (_name, values, [min, q1, median, q3, max]) => {
    const before = [...values];
    expect(fiveNumbers(values)).toEqual({ min, q1, median, q3, max });
    expect(values).toEqual(before);
  });

  it("has none for no values", () => expect(fiveNumbers([])).toBeNull());
});

describe("boxStats: the five numbers with Tukey's whiskers", () => {
  it("a sample with one outlier: the high whisker stops at the last value within 1.5 IQR", () => {
    // 30, 5, 1, 7, 3, 6, 2, 4 sorted: 1 ... 7, 30. Q1 2.75, median 4.5, Q3 6.25 (positions 1.75, 3.5, 5.25);
    // IQR 3.5: fences 2.75 − 5.25 = −2.5 and 6.25 + 5.25 = 11.5. So whiskers 1 and 7, outlier 30; max still 30.
    expect(boxStats([30, 5, 1, 7, 3, 6, 2, 4])).toEqual({
      min: 1,
      q1: 2.75,
      median: 4.5,
      q3: 6.25,
      max: 30,
      whiskerLow: 1,
      whiskerHigh: 7,
      outliers: [30],
    });
  });

  it("has none for no values", () => expect(boxStats([])).toBeNull());
});
