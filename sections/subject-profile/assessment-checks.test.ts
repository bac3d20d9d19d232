/**
 * Each assessment against the response recomputed at it, worked by hand (docs/clinical-rules.md, Each assessment
 * recomputed). Baseline T1 40 + T2 30 = 70 mm, signed `Undefined`:
 *   A1 2024-02-21: 25 + 20 = 45 mm, -25 mm = -35.7 % from baseline (at least -30 %): PR; signed PR, the same.
 *   A2 2024-04-03: 30 + 22 = 52 mm, +7 mm = +15.6 % over the nadir 45 (under +20 %: no PD), -25.7 % from baseline
 *     (not -30 %): SD; signed PR, which differs.
 *   A3 2023-12-20: dated before the baseline, not used.
 */
import { describe, expect, it } from "vitest";
import { subjectAssessments } from "@/lib/clinical/response/assessment-response";
import { subject, target } from "@/lib/clinical/response/test-rows";
import { assessmentChecks, checkWords, markerLabel, recomputedWords } from "./assessment-checks";

const course = subject([
  { date: "2024-01-10", lesions: [target("T1", 40), target("T2", 30)] },
  { date: "2024-02-21", lesions: [target("T1", 25), target("T2", 20)], over: { conclusion: "Partial Response" } },
  { date: "2024-04-03", lesions: [target("T1", 30), target("T2", 22)], over: { conclusion: "Partial Response" } },
  { date: "2023-12-20", lesions: [target("T1", 41), target("T2", 30)], over: { conclusion: "Stable Disease" } },
]);

describe("assessmentChecks: each assessment against its recomputed response", () => {
  const checks = assessmentChecks(subjectAssessments(course));

  it("gives the baseline none, a follow-up its response and whether the signed one differs", () =>
    expect(Object.fromEntries(checks)).toEqual({
      A0: { recomputed: null, why: "the baseline" },
      A1: { recomputed: "PR", differs: false },
      A2: { recomputed: "SD", differs: true },
      A3: { recomputed: null, why: "dated before the baseline" },
    }));

  it("writes the data table's words: = same, ≠ recomputed and the response, or why there is none", () =>
    expect(["A0", "A1", "A2", "A3"].map((k) => checkWords(checks.get(k)!))).toEqual([
      "none: the baseline has no response",
      "= same",
      "≠ recomputed: Stable Disease",
      "not recomputed: dated before the baseline",
    ]));

  it("writes the tooltip's words: the recomputed response, and whether the signed one differs", () => {
    expect(recomputedWords(checks.get("A1")!)).toBe("Partial Response (= same as signed)");
    expect(recomputedWords(checks.get("A2")!)).toBe("Stable Disease (≠ differs from the conclusion as signed)");
    expect(recomputedWords(checks.get("A0")!)).toBe("none: the baseline has no response");
  });

  it("labels a marker by the signed conclusion, with ≠ and the recomputed response where they differ", () => {
    expect(markerLabel("Undefined", checks.get("A0"))).toBe("BL");
    expect(markerLabel("Partial Response", checks.get("A1"))).toBe("PR");
    expect(markerLabel("Partial Response", checks.get("A2"))).toBe("PR≠SD");
    // Nothing recomputed: the signed conclusion alone.
    expect(markerLabel("Partial Response", undefined)).toBe("PR");
  });

  it("recomputes nothing for a subject without a baseline, and says why", () => {
    // Neither timepoint 0, the name Baseline nor the conclusion Undefined: no assessment is the baseline.
    const none = subject([
      { date: "2024-01-10", lesions: [target("T1", 40)], over: { name: "Week 6", timepoint: 1, conclusion: "SD" } },
      { date: "2024-02-21", lesions: [target("T1", 20)], over: { conclusion: "Partial Response" } },
    ]);
    expect(Object.fromEntries(assessmentChecks(subjectAssessments(none)))).toEqual({
      A0: { recomputed: null, why: "the subject has no baseline" },
      A1: { recomputed: null, why: "the subject has no baseline" },
    });
  });
});
