import { describe, expect, it } from "vitest";
import { liverBaselines } from "./baseline";
import { concurrency, EDISH_DEFAULTS, edishPlot, type Quadrant, quadrantOf } from "./edish";
import { liverPeaks, peaksOf, readLiverResults } from "./peaks";
import { lab } from "./test-rows";

describe("quadrantOf: a transaminase at its threshold is high (>=), a bilirubin at its threshold is not (>)", () => {
  it.each<[number, number, Quadrant]>([
    // Default thresholds: transaminase 3 (3-fold or greater), bilirubin 2 (more than 2-fold).
    [3, 2, "temple"], // exactly on both lines: ALT is high, bilirubin is not
    [3, 2.001, "hys-law"],
    [3.001, 2.001, "hys-law"],
    [2.999, 2.001, "hyperbilirubinemia"],
    [2.999, 2, "normal"],
    [3, 1.999, "temple"],
    [2.999, 1.999, "normal"],
    [10, 0.5, "temple"],
    [0.5, 10, "hyperbilirubinemia"],
    [1, 1, "normal"],
  ])("%s, %s (3, 2): %s", (x, y, quadrant) => expect(quadrantOf(x, y, EDISH_DEFAULTS)).toBe(quadrant));

  it.each<[number, number, Quadrant]>([
    // Thresholds from a URL: 5 and 1.5, compared the same way.
    [5, 1.5, "temple"],
    [5, 1.51, "hys-law"],
    [4.99, 1.6, "hyperbilirubinemia"],
    [6, 1.49, "temple"],
    [3, 2, "hyperbilirubinemia"],
  ])("%s, %s (5, 1.5): %s", (x, y, quadrant) =>
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
    lab("S1", "ALT", 120, "2024-01-10"), // 120 / 40 = 3.0
    lab("S1", "AST", 70, "2024-01-10"), // 70 / 35 = 2.0
    lab("S1", "BILI", 2.4, "2024-01-10"), // 2.4 / 1.2 = 2.0, not above 2: Temple's corollary, same day
    lab("S2", "ALT", 119, "2024-01-01"), // 2.975
    lab("S2", "BILI", 2.4, "2024-02-15"), // 2.0: normal (neither line passed), 45 days later
    lab("S3", "ALT", 120, "2024-02-01"), // 3.0
    lab("S3", "BILI", 2.3, "2024-01-02"), // 1.917: Temple's corollary, 30 days before
    lab("S4", "ALT", 20, "2024-01-01"), // 0.5
    lab("S4", "BILI", 0.6, "2024-01-01"), // 0.5: normal
    lab("S5", "ALT", 200, "2024-01-01"), // no bilirubin
    lab("S6", "BILI", 3, "2024-01-01"), // no transaminase
    lab("S7", "AST", 50, "2024-01-01"), // only AST: not in the ALT plot at all
    lab("S8", "ALT", 0, "2024-01-01"), // a peak of 0
    lab("S8", "BILI", 1.2, "2024-01-01"),
    lab("S9", "ALT", 120, null), // undated, 3.0
    lab("S9", "BILI", 2.4, "2024-01-01"), // 2.0: Temple's corollary
    lab("S10", "ALT", 120, "2024-01-05"), // 3.0
    lab("S10", "BILI", 2.5, "2024-01-06"), // 2.5 / 1.2 = 2.0833 -> 2.083: possible Hy's law, 1 day later
    lab("S11", "ALT", 100, "2024-01-05"), // 2.5
    lab("S11", "BILI", 2.5, "2024-01-05"), // 2.083: hyperbilirubinemia
  ];
  const peaks = liverPeaks(rows);

  it("places each subject with both peaks, and counts the others by reason", () => {
    const plot = edishPlot(peaks, EDISH_DEFAULTS);
    const summary = plot.points.map((p) => [p.subjectId, p.quadrant, p.x, p.y, p.daysApart, p.concurrent]);
    expect(summary).toEqual([
      ["S1", "temple", 3, 2, 0, true],
      ["S2", "normal", 2.975, 2, 45, false],
      ["S3", "temple", 3, 1.917, -30, true],
      ["S4", "normal", 0.5, 0.5, 0, true],
      ["S9", "temple", 3, 2, null, null],
      ["S10", "hys-law", 3, 2.083, 1, true],
      ["S11", "hyperbilirubinemia", 2.5, 2.083, 0, true],
    ]);
    expect(plot.counts).toEqual({ normal: 2, hyperbilirubinemia: 1, temple: 3, "hys-law": 1 });
    // S7 has only AST: neither peak of this plot, but counted, not dropped.
    expect(plot.notPlotted).toEqual({
      noTransaminase: 1,
      noBilirubin: 1,
      notPositive: 1,
      otherTransaminaseOnly: 1,
      noBaseline: 0,
    });
  });

  it("uses AST instead of ALT when asked, and other thresholds and windows", () => {
    const params = { ...EDISH_DEFAULTS, transaminase: "AST" as const, xThreshold: 2, yThreshold: 2, concurrentDays: 0 };
    const plot = edishPlot(peaks, params);
    // S1: AST 2.0 at 2 is high, bilirubin 2.0 at 2 is not: Temple's corollary.
    expect(plot.points.map((p) => [p.subjectId, p.quadrant, p.x, p.concurrent])).toEqual([["S1", "temple", 2, true]]);
    // S2, S3, S4, S6, S8, S9, S10 and S11 have bilirubin but no AST; S7 has AST but no bilirubin; S5 only ALT.
    expect(plot.notPlotted).toEqual({
      noTransaminase: 8,
      noBilirubin: 1,
      notPositive: 0,
      otherTransaminaseOnly: 1,
      noBaseline: 0,
    });
  });
});

describe("edishPlot in multiples of baseline: the peak's ×ULN over the baseline's ×ULN", () => {
  // Every subject's first dose is 2024-01-10: its baseline is its last result up to that day.
  const rows = [
    lab("B1", "ALT", 30, "2024-01-10"), // baseline 30 / 40 = 0.75
    lab("B1", "ALT", 120, "2024-02-01"), // peak 3.0: 3.0 / 0.75 = 4.0 ×baseline
    lab("B1", "BILI", 0.6, "2024-01-10"), // baseline 0.5
    lab("B1", "BILI", 1.2, "2024-02-01"), // peak 1.0: 1.0 / 0.5 = 2.0 ×baseline, not above 2: Temple's corollary
    lab("B2", "ALT", 40, "2024-01-02"), // baseline 1.0
    lab("B2", "ALT", 100, "2024-02-01"), // peak 2.5: 2.5 ×baseline
    lab("B2", "BILI", 0.5, "2024-01-02"), // baseline 0.41667
    lab("B2", "BILI", 1.3, "2024-02-01"), // peak 1.08333: 1.3 / 0.5 = 2.6 ×baseline: hyperbilirubinemia
    lab("B3", "ALT", 30, "2024-01-10", "<=30"), // baseline 1.0 ×ULN of its own range
    lab("B3", "ALT", 120, "2024-02-01"), // peak 3.0 ×ULN: 3.0 ×baseline (not 120 / 30 = 4: the range changed)
    lab("B3", "BILI", 0.6, "2024-01-10"), // baseline 0.5
    lab("B3", "BILI", 1.5, "2024-02-01"), // 1.25 / 0.5 = 2.5: possible Hy's law
    lab("B4", "ALT", 50, "2024-02-01"), // no ALT up to the first dose: no baseline
    lab("B4", "BILI", 0.6, "2024-01-10"),
    lab("B5", "ALT", 0, "2024-01-10"), // a baseline of 0 divides nothing
    lab("B5", "ALT", 80, "2024-02-01"),
    lab("B5", "BILI", 0.6, "2024-01-10"),
  ];
  const read = readLiverResults(rows);
  const baselines = liverBaselines(read, () => "2024-01-10");

  it("divides each peak by its baseline and places the point against the same comparisons", () => {
    const plot = edishPlot(peaksOf(read), { ...EDISH_DEFAULTS, scale: "baseline" }, baselines);
    expect(plot.points.map((p) => [p.subjectId, p.quadrant, p.x, p.y, p.xBaseline?.value, p.yBaseline?.value])).toEqual(
      [
        ["B1", "temple", 4, 2, 30, 0.6],
        ["B2", "hyperbilirubinemia", 2.5, 2.6, 40, 0.5],
        ["B3", "hys-law", 3, 2.5, 30, 0.6],
      ],
    );
    expect(plot.notPlotted.noBaseline).toBe(2);
  });

  it("keeps the ×ULN and no baselines in the ×ULN scale", () => {
    const plot = edishPlot(peaksOf(read), EDISH_DEFAULTS, baselines);
    // B1: 3.0 and 1.0; B4: 1.25 and 0.5; B5: 2.0 and 0.5.
    expect(plot.points.map((p) => [p.subjectId, p.x, p.y, p.xBaseline])).toEqual([
      ["B1", 3, 1, null],
      ["B2", 2.5, 1.083, null],
      ["B3", 3, 1.25, null],
      ["B4", 1.25, 0.5, null],
      ["B5", 2, 0.5, null],
    ]);
  });
});
