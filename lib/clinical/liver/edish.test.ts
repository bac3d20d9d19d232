import { describe, expect, it } from "vitest";
import { concurrency, EDISH_DEFAULTS, edishPlot, type Quadrant, quadrantOf } from "./edish";
import { liverPeaks } from "./peaks";
import { lab } from "./test-rows";

describe("quadrantOf: a value at a threshold counts as above it", () => {
  it.each<[number, number, Quadrant]>([
    // Default thresholds: transaminase 3 ×ULN, bilirubin 2 ×ULN.
    [3, 2, "hys-law"],
    [3.001, 2.001, "hys-law"],
    [2.999, 2, "hyperbilirubinemia"],
    [3, 1.999, "temple"],
    [2.999, 1.999, "normal"],
    [10, 0.5, "temple"],
    [0.5, 10, "hyperbilirubinemia"],
    [1, 1, "normal"],
  ])("%s ×ULN, %s ×ULN (3, 2): %s", (x, y, quadrant) => expect(quadrantOf(x, y, EDISH_DEFAULTS)).toBe(quadrant));

  it.each<[number, number, Quadrant]>([
    // Thresholds from a URL: 5 and 1.5.
    [5, 1.5, "hys-law"],
    [4.99, 1.6, "hyperbilirubinemia"],
    [6, 1.49, "temple"],
    [3, 2, "hyperbilirubinemia"],
  ])("%s ×ULN, %s ×ULN (5, 1.5): %s", (x, y, quadrant) =>
    expect(quadrantOf(x, y, { xThreshold: 5, yThreshold: 1.5 })).toBe(quadrant),
  );
});

describe("concurrency: the bilirubin peak within N days of the transaminase peak, either side", () => {
  it.each<[string | null, string | null, number, number | null, boolean | null]>([
    ["2024-01-10", "2024-01-10", 30, 0, true],
    ["2024-01-10", "2024-02-09", 30, 30, true],
    ["2024-01-10", "2024-02-10", 30, 31, false],
    ["2024-02-09", "2024-01-10", 30, -30, true],
    ["2024-02-10", "2024-01-10", 30, -31, false],
    ["2024-01-10", "2024-01-10", 0, 0, true],
    ["2024-01-10", "2024-01-11", 0, 1, false],
    ["2024-02-28", "2024-03-01", 1, 2, false], // 2024 is a leap year: 28 Feb, 29 Feb, 1 Mar
    [null, "2024-01-10", 30, null, null],
    ["2024-01-10", null, 30, null, null],
  ])("%s and %s, window %s: %s days apart, concurrent %s", (x, y, days, daysApart, concurrent) =>
    expect(concurrency(x, y, days)).toEqual({ daysApart, concurrent }),
  );
});

describe("edishPlot", () => {
  const rows = [
    lab("S1", "ALT", 120, "2024-01-10"), // 3.0
    lab("S1", "AST", 70, "2024-01-10"), // 2.0
    lab("S1", "BILI", 2.4, "2024-01-10"), // 2.0: possible Hy's law, same day
    lab("S2", "ALT", 119, "2024-01-01"), // 2.975
    lab("S2", "BILI", 2.4, "2024-02-15"), // 2.0: hyperbilirubinemia, 45 days later
    lab("S3", "ALT", 120, "2024-02-01"), // 3.0
    lab("S3", "BILI", 2.3, "2024-01-02"), // 1.917: Temple's corollary, 30 days before
    lab("S4", "ALT", 20, "2024-01-01"), // 0.5
    lab("S4", "BILI", 0.6, "2024-01-01"), // 0.5: normal
    lab("S5", "ALT", 200, "2024-01-01"), // no bilirubin
    lab("S6", "BILI", 3, "2024-01-01"), // no transaminase
    lab("S7", "AST", 50, "2024-01-01"), // only AST: not in the ALT plot at all
    lab("S8", "ALT", 0, "2024-01-01"), // a peak of 0
    lab("S8", "BILI", 1.2, "2024-01-01"),
    lab("S9", "ALT", 120, null), // undated
    lab("S9", "BILI", 2.4, "2024-01-01"),
  ];
  const peaks = liverPeaks(rows);

  it("places each subject with both peaks, and counts the others by reason", () => {
    const plot = edishPlot(peaks, EDISH_DEFAULTS);
    const summary = plot.points.map((p) => [p.subjectId, p.quadrant, p.daysApart, p.concurrent]);
    expect(summary).toEqual([
      ["S1", "hys-law", 0, true],
      ["S2", "hyperbilirubinemia", 45, false],
      ["S3", "temple", -30, true],
      ["S4", "normal", 0, true],
      ["S9", "hys-law", null, null],
    ]);
    expect(plot.counts).toEqual({ normal: 1, hyperbilirubinemia: 1, temple: 1, "hys-law": 2 });
    // S7 has only AST: neither peak of this plot, but counted, not dropped.
    expect(plot.notPlotted).toEqual({ noTransaminase: 1, noBilirubin: 1, notPositive: 1, otherTransaminaseOnly: 1 });
  });

  it("uses AST instead of ALT when asked, and other thresholds and windows", () => {
    const plot = edishPlot(peaks, { transaminase: "AST", xThreshold: 2, yThreshold: 2, concurrentDays: 0 });
    expect(plot.points.map((p) => [p.subjectId, p.quadrant, p.transaminase.timesUln, p.concurrent])).toEqual([
      ["S1", "hys-law", 2, true],
    ]);
    // S2, S3, S4, S6, S8 and S9 have bilirubin but no AST; S7 has AST but no bilirubin; S5 has only ALT.
    expect(plot.notPlotted).toEqual({ noTransaminase: 6, noBilirubin: 1, notPositive: 0, otherTransaminaseOnly: 1 });
  });
});
