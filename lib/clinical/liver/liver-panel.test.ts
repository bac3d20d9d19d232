/** The liver panel's ×ULN values worked by hand from docs/clinical-rules.md (Liver safety, Trends of one subject). */
import { describe, expect, it } from "vitest";
import { hasLiverPanel, isLiverPanel, liverPanel } from "./liver-panel";
import { lab } from "./test-rows";

// The demo's ranges (./test-rows.ts): ALT <=40, AST <35, BILI 0.1 - 1.2, ALP 40-129.
const rows = [
  lab("S1", "ALT", 120, "2024-03-01"),
  lab("S1", "Alanine aminotransferase", 119.95, "2024-02-01", "<=40"),
  lab("S1", "AST", 70, "2024-02-01"),
  lab("S1", "ALP", 200, "2024-02-01"),
  lab("S1", "BILI", 2.5, "2024-03-01"),
  { ...lab("S1", "BILI", 42.75, "2024-03-15", "<=20.5"), unit: "umol/L" },
  lab("S1", "Direct bilirubin", 0.5, "2024-03-01", "0 - 0.3"),
  lab("S1", "GLUC", 90, "2024-03-01", "70-99"),
];

describe("liverPanel: each result over its own record's upper limit, a series per test", () => {
  const panel = liverPanel(rows);

  it("draws ALT, AST, ALP and total bilirubin in that order, by the liver view's names", () =>
    expect(panel.series.map((s) => [s.test, s.label])).toEqual([
      ["ALT", "ALT"],
      ["AST", "AST"],
      ["ALP", "ALP"],
      ["BILI", "Total bilirubin"],
    ]));

  it("gives each point its ×ULN to a thousandth, in time order", () =>
    expect(panel.series.map((s) => s.points.map((p) => [p.raw, p.uln, p.value]))).toEqual([
      // 119.95 / 40 = 2.99875, read as 2.999 (below 3, as eDISH reads it); 120 / 40 = 3. February first.
      [
        [119.95, 40, 2.999],
        [120, 40, 3],
      ],
      // 70 / 35 = 2.
      [[70, 35, 2]],
      // 200 / 129 = 1.5503...: 1.55.
      [[200, 129, 1.55]],
      // 2.5 / 1.2 = 2.0833...: 2.083; 42.75 / 20.5 = 2.0853...: 2.085, in another unit, on the same series.
      [
        [2.5, 1.2, 2.083],
        [42.75, 20.5, 2.085],
      ],
    ]));

  it("keeps each result's flag against its own range, and draws no band", () => {
    expect(panel.series[0].points.map((p) => [p.flag, p.band])).toEqual([
      ["H", null],
      ["H", null],
    ]);
  });

  it("is a ×ULN trend that says it is the panel", () => {
    expect([panel.scale, panel.test, isLiverPanel(panel)]).toEqual(["uln", "Liver tests", true]);
    expect(panel.excluded).toEqual({ text: 0, noValue: 0, noTime: 0, noUln: 0 });
  });
});

describe("liverPanel: what it cannot plot is counted", () => {
  const panel = liverPanel([
    lab("S1", "ALT", 80, "2024-03-01"),
    lab("S1", "ALT", 50, "2024-03-02", "See report"),
    lab("S1", "BILI", 1.5, "2024-03-02", ">=0.1"),
    lab("S1", "BILI", 1.5, "2024-03-02", "0 - 0"),
    lab("S1", "AST", 40, null),
    { ...lab("S1", "ALP", null, "2024-03-02"), text: "Haemolysed" },
    lab("S1", "AST", null, "2024-03-02"),
  ]);

  it("counts results without an upper limit per test, and the others by reason", () => {
    expect(panel.excluded).toEqual({ text: 1, noValue: 1, noTime: 1, noUln: 3 });
    expect(panel.noUlnByTest).toEqual({ ALT: 1, AST: 0, ALP: 0, BILI: 2 });
    // 80 / 40 = 2: the one result plotted.
    expect(panel.series.map((s) => [s.test, s.points.map((p) => p.value)])).toEqual([["ALT", [2]]]);
  });
});

describe("hasLiverPanel: a result of the four tests with a value and an upper limit", () => {
  it.each([
    ["an ALP result against 40-129", [lab("S1", "ALP", 100, "2024-03-01")], true],
    ["only a range without an upper limit", [lab("S1", "ALT", 50, "2024-03-02", "See report")], false],
    ["only a test without a value", [lab("S1", "BILI", null, "2024-03-02")], false],
    ["only other tests", [lab("S1", "Direct bilirubin", 0.5, "2024-03-01", "0 - 0.3")], false],
    ["nothing", [], false],
  ])("%s: %s", (_what, given, expected) => expect(hasLiverPanel(given)).toBe(expected));
});
