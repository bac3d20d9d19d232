import { describe, expect, it } from "vitest";
import { defuseFormula } from "./csv";

describe("defuseFormula", () => {
  const cases: [string, string, string][] = [
    ["plain text", "Female", "Female"],
    ["empty text", "", ""],
    ["= formula", "=1+1", "'=1+1"],
    ["+ formula", "+1", "'+1"],
    ["- in text", "-2+3", "'-2+3"],
    ["@ function", "@SUM(A1)", "'@SUM(A1)"],
    ["tab at start", "\tx", "'\tx"],
    ["carriage return at start", "\r=x", "'\r=x"],
    ["DDE payload", "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["= later in the text is fine", "a=b", "a=b"],
    ["a leading space is kept as is", " =x", " =x"],
    // Quoting keeps these in one cell (./write-csv.test.ts); they start with no formula character.
    ["; before a formula", "a;=1+1", "a;=1+1"],
    ["line break before a formula", "a\n=1+1", "a\n=1+1"],
  ];
  it.each(cases)("%s", (_name, input, expected) => expect(defuseFormula(input)).toBe(expected));
});
