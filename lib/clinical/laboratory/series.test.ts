import { describe, expect, it } from "vitest";
import { collectedKey, indexLabTests, type LabRow, testKeyOf } from "./series";

const r = (test: string, code: string | null, unit: string | null): LabRow => ({ test, code, unit });

describe("indexLabTests: a test per service code (else name), a series per unit", () => {
  const rows = [
    r("WBC", "LB0101", "10^9/L"), // 0
    r("GLUC", "LB0208", "mg/dL"), // 1
    r("MONO", null, "10^9/L"), // 2: no code, keyed by its name
    r("GLUC", "LB0208", "mmol/L"), // 3: a unit change within the test
    r("X", "MONO", "10^9/L"), // 4: a code equal to another test's name does not merge with it
    r("GLUC", "LB0208", null), // 5: no unit, its own series
    r("WBC", "LB0101", "10^9/L"), // 6
    r("SGPT", "LB0214", "U/L"), // 7
    r("ALT", "LB0214", "U/L"), // 8: the same code under another name: one test, both names
    r("GLUC", "LB0208", "mg/dL"), // 9
  ];
  const tests = indexLabTests(rows);

  it("keeps the tests in order of appearance, with their keys, codes and names", () => {
    expect(tests.map((t) => [t.key, t.code, t.names, t.results])).toEqual([
      ["code:LB0101", "LB0101", ["WBC"], 2],
      ["code:LB0208", "LB0208", ["GLUC"], 4],
      ["name:MONO", null, ["MONO"], 1],
      ["code:MONO", "MONO", ["X"], 1],
      ["code:LB0214", "LB0214", ["SGPT", "ALT"], 2],
    ]);
  });

  it("splits a test with a change of unit into one series per unit, no unit included", () => {
    const gluc = tests[1].series.map((s) => [s.unit, [...s.indexes]]);
    expect(gluc).toEqual([
      ["mg/dL", [1, 9]],
      ["mmol/L", [3]],
      [null, [5]],
    ]);
    expect(tests[0].series.map((s) => [s.unit, [...s.indexes]])).toEqual([["10^9/L", [0, 6]]]);
  });

  it.each([
    [r("ALT", "LB0214", null), "code:LB0214"],
    [r("MONO", null, null), "name:MONO"],
  ])("keys %j as %s", (row, key) => expect(testKeyOf(row)).toBe(key));
});

describe("collectedKey", () => {
  it.each([
    ["2023-03-01T07:38:00", "2023-03-01T07:38:00"],
    ["2023-03-01", "2023-03-01"],
    ["2023-02-30T07:00:00", null],
    ["03/01/2023", null],
    [null, null],
  ])("%j -> %j", (collectedAt, key) => expect(collectedKey({ collectedAt })).toBe(key));
});
