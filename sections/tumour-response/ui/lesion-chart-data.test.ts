import { describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { subjectResponse } from "@/lib/clinical/response/subject-response";
import { node, subject, target } from "@/lib/clinical/response/test-rows";
import { assessmentRowHref } from "../addresses";
import { lesionChartData } from "./lesion-chart-data";
import { progressedRecords, progressedSubject } from "./test-subject";

describe("lesionChartData: the plotted values, and exactly those in the table", () => {
  /**
   * Baseline T1 30 (liver) + T2 20 (node) = 50, reported 50. FU1 day 42: T1 24, T2 too small without a value
   * (counts 5 mm): 29, reported 31; the nadir before it is 50. T2's FU1 point is not plotted (no measurement).
   */
  const s = subject([
    { date: "2024-01-01", lesions: [target("T1", 30), node("T2", 20)], over: { targetSum: 50 } },
    { date: "2024-02-12", lesions: [target("T1", 24), node("T2", null, "Too small")], over: { targetSum: 31 } },
  ]);
  const data = lesionChartData(subjectResponse(s, DEFAULT_RESPONSE_OPTIONS), s.lesions);

  it("has a series per target lesion, then the two sums and the nadir", () => {
    expect(data.series.map((x) => [x.key, x.name, x.kind])).toEqual([
      ["t0", "T1 (Liver)", "lesion"],
      ["t1", "T2 (Lymph node)", "lesion"],
      ["sum", "Target sum, recomputed", "sum"],
      ["reported", "Target sum, reported", "reported"],
      ["nadir", "Nadir (smallest earlier sum, recomputed)", "nadir"],
    ]);
  });

  it("places each assessment at its days since baseline with every series' value and the lesions' states", () => {
    expect(data.points.map((p) => [p.day, p.values, p.states])).toEqual([
      [0, { t0: 30, t1: 20, sum: 50, reported: 50, nadir: null }, { t0: "Present", t1: "Present" }],
      [42, { t0: 24, t1: null, sum: 29, reported: 31, nadir: 50 }, { t0: "Present", t1: "Too small" }],
    ]);
    expect(data.notPlaced).toBe(0);
  });

  it("tables one row per plotted value, series by series", () => {
    expect(data.rows.map((r) => [r.series, r.assessment, r.day, r.value, r.state])).toEqual([
      ["T1 (Liver)", "A0", 0, 30, "Present"],
      ["T1 (Liver)", "A1", 42, 24, "Present"],
      ["T2 (Lymph node)", "A0", 0, 20, "Present"],
      ["Target sum, recomputed", "A0", 0, 50, null],
      ["Target sum, recomputed", "A1", 42, 29, null],
      ["Target sum, reported", "A0", 0, 50, null],
      ["Target sum, reported", "A1", 42, 31, null],
      ["Nadir (smallest earlier sum, recomputed)", "A1", 42, 50, null],
    ]);
  });

  it("links each row to its assessment's row in the page's assessment table", () => {
    expect(data.rows.map((r) => r.assessmentHref)).toEqual(data.rows.map((r) => `#assessment-${r.assessment}`));
    // An assessment ID is the partner's: written into the fragment percent-encoded.
    expect(assessmentRowHref("A 1/é#")).toBe("#assessment-A%201%2F%C3%A9%23");
  });

  it("counts the assessments it cannot place", () => {
    const d = lesionChartData(progressedSubject(), progressedRecords().lesions);
    expect([d.points.length, d.notPlaced]).toEqual([4, 1]);
  });
});
