import { describe, expect, it } from "vitest";
import { type CellValue, exactFilter, numberMatches, textMatches } from "./filters";

describe("textMatches", () => {
  const cases: [CellValue, string, boolean][] = [
    ["Female", "fem", true],
    ["Female", "FEMALE", true],
    ["Male", "female", false],
    [null, "", true],
    [null, "x", false],
    [1961, "96", true],
    ["White", "  whi ", true],
    // A leading "=": the whole cell, case aside.
    ["AE1", "=AE1", true],
    ["AE10", "=AE1", false],
    ["ae1", "= AE1 ", true],
    ["XAE1", "=AE1", false],
    [null, "=AE1", false],
    ["AE10", "=", true],
    ["a=b", "=b", false],
    ["a=b", "a=b", true],
    [12, "=12", true],
  ];
  it.each(cases)("%j ~ %j -> %j", (value, filter, expected) => expect(textMatches(value, filter)).toBe(expected));
});

describe("exactFilter", () => {
  it("matches its text and no longer one", () => {
    expect(textMatches("DR-7", exactFilter("DR-7"))).toBe(true);
    expect(textMatches("DR-70", exactFilter("DR-7"))).toBe(false);
  });
});

describe("numberMatches", () => {
  const cases: [CellValue, string, boolean][] = [
    [3, "3", true],
    [3, "=3", true],
    [13, "3", false],
    [3, ">2", true],
    [2, ">2", false],
    [2, ">=2", true],
    [4, "<5", true],
    [5, "<5", false],
    [5, "<= 5", true],
    [-1, "-1", true],
    [1.5, ">1.25", true],
    [null, ">0", false],
    [null, "", true],
    [3, "three", false],
    [3, "", true],
  ];
  it.each(cases)("%j ~ %j -> %j", (value, filter, expected) => expect(numberMatches(value, filter)).toBe(expected));
});
