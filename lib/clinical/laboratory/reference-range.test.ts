import { describe, expect, it } from "vitest";
import { parseReferenceRange, rangeFlag, resultFlag, timesUln } from "./reference-range";

describe("parseReferenceRange: every shape of the rules", () => {
  it.each([
    ["3.5-5.0", 3.5, 5, true, true],
    ["3.5 - 5.0", 3.5, 5, true, true],
    ["4.0 - 11.0", 4, 11, true, true],
    ["135-145", 135, 145, true, true],
    ["0.1 - 1.2", 0.1, 1.2, true, true],
    ["-2 - 2", -2, 2, true, true],
    ["1–3", 1, 3, true, true],
    ["<5", null, 5, true, false],
    ["< 0.2", null, 0.2, true, false],
    ["<=40", null, 40, true, true],
    ["≤40", null, 40, true, true],
    [">1.2", 1.2, null, false, true],
    [">40", 40, null, false, true],
    [">=60", 60, null, true, true],
  ])("%s: low %s, high %s", (text, low, high, lowInclusive, highInclusive) =>
    expect(parseReferenceRange(text)).toEqual({ text, low, high, lowInclusive, highInclusive }),
  );

  it.each([["Negative"], ["See report"], [""], ["5-3"], ["1.2.3"], ["<"], ["approx 5"]])(
    "free text %j keeps its text and has no bounds",
    (text) => expect(parseReferenceRange(text)).toMatchObject({ text, low: null, high: null }),
  );
});

describe("H/L flags", () => {
  it.each([
    // value, range, flag: by the rules (below low = L, above high = H; a strict bound is itself abnormal)
    [3.4, "3.5-5.0", "L"],
    [3.5, "3.5-5.0", "N"],
    [5.0, "3.5-5.0", "N"],
    [5.01, "3.5-5.0", "H"],
    [4.99, "<5", "N"],
    [5, "<5", "H"],
    [40, "<=40", "N"],
    [41, "<=40", "H"],
    [-1, "<=40", "N"],
    [1.2, ">1.2", "L"],
    [1.21, ">1.2", "N"],
    [59, ">=60", "L"],
    [60, ">=60", "N"],
    [1000, ">=60", "N"],
  ])("%d against %s is %s", (value, text, flag) => expect(rangeFlag(value, parseReferenceRange(text))).toBe(flag));

  it("gives no flag against free text, nor without a value or a range", () => {
    expect(resultFlag(3, "Negative")).toBeNull();
    expect(resultFlag(null, "3.5-5.0")).toBeNull();
    expect(resultFlag(3, null)).toBeNull();
    expect(resultFlag(6, "3.5 - 5.0")).toBe("H");
  });
});

describe("×ULN", () => {
  it("divides by the record's own upper limit", () => {
    expect(timesUln(120, "<=40")).toBe(3);
    expect(timesUln(2.4, "0.1 - 1.2")).toBeCloseTo(2, 12);
    expect(timesUln(70, ">=60")).toBeNull();
    expect(timesUln(70, "Negative")).toBeNull();
    expect(timesUln(null, "<=40")).toBeNull();
  });
});
