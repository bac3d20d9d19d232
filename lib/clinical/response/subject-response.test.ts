import { describe, expect, it } from "vitest";
import type { SubjectRecords } from "./subject-records";
import { subjectResponse } from "./subject-response";
import { newLesion, nonTarget, subject, target } from "./test-rows";

const options = { confirm: false, minSdDays: 42 };

describe("subjectResponse: who is evaluable", () => {
  const empty: SubjectRecords = { subjectId: "S9", assessments: [], lesions: new Map() };
  const followUpOnly = subject([{ date: "2024-01-01", lesions: [target("T1", 20)] }]);
  followUpOnly.assessments[0] = { ...followUpOnly.assessments[0], name: "Follow-up 1", timepoint: 1, conclusion: null };
  it.each([
    ["a subject with no assessment", empty, "no baseline"],
    ["follow-ups without a baseline", followUpOnly, "no baseline"],
    [
      "non-targets only at baseline",
      subject([
        { date: "2024-01-01", lesions: [nonTarget("NT1")] },
        { date: "2024-02-12", lesions: [nonTarget("NT1")] },
      ]),
      "no target lesion at baseline",
    ],
    [
      "a baseline target not assessed",
      subject([
        { date: "2024-01-01", lesions: [target("T1", null, "Not assessed"), target("T2", 20)] },
        { date: "2024-02-12", lesions: [target("T1", 10), target("T2", 20)] },
      ]),
      "baseline sum unknown",
    ],
    [
      "a baseline sum of 0",
      subject([
        { date: "2024-01-01", lesions: [target("T1", 0)] },
        { date: "2024-02-12", lesions: [target("T1", 0)] },
      ]),
      "baseline sum 0",
    ],
    ["a baseline only", subject([{ date: "2024-01-01", lesions: [target("T1", 20)] }]), "no post-baseline assessment"],
    [
      "a baseline and a follow-up",
      subject([
        { date: "2024-01-01", lesions: [target("T1", 20)] },
        { date: "2024-02-12", lesions: [target("T1", 20)] },
      ]),
      null,
    ],
  ])("%s: %s", (_, records, reason) => expect(subjectResponse(records, options).notEvaluable).toBe(reason));
});

/**
 * Baseline 30 + 20 = 50 mm.
 *   FU1 day 42:  24 + 16 = 40: -20 %, SD (40 > 0.7 x 50 = 35); signed "Partial Response"
 *   FU2 day 84:  40 + 22 = 62: +22 mm and 62 >= 1.2 x 40 = 48 over the nadir 40: PD (+24 %); signed SD
 *   FU3 day 126: 12 + 8 = 20: -60 %, after the progression; signed "Partial Response"
 * Best percent: -20 % (FU1), not -60 %: the window ends at the progression (FU2).
 * BOR recomputed SD (FU1 at day 42); signed PR (no signed progression: all three count).
 */
const progressed = subject([
  { date: "2024-01-01", lesions: [target("T1", 30), target("T2", 20)] },
  { date: "2024-02-12", lesions: [target("T1", 24), target("T2", 16)], over: { conclusion: "Partial Response" } },
  { date: "2024-03-25", lesions: [target("T1", 40), target("T2", 22)], over: { conclusion: "Stable Disease" } },
  { date: "2024-05-06", lesions: [target("T1", 12), target("T2", 8)], over: { conclusion: "Partial Response" } },
]);

describe("subjectResponse: best percent change, BOR as signed and recomputed", () => {
  it("stops the best percent change at the first progression, which it includes", () => {
    const r = subjectResponse(progressed, options);
    expect(r).toMatchObject({ baselineSum: 50, bestPercent: -20, bestPercentKey: "A1", timeOnStudy: 126 });
    expect(r.progressionBy).toEqual(["target"]);
    expect(r.recomputed).toMatchObject({ bor: "SD", counted: 2, afterProgression: 1 });
    expect(r.recomputed.timeToProgression).toEqual({ days: 84, censored: false });
    expect(r.signed).toMatchObject({ bor: "PR", counted: 3, timeToResponse: 42 });
  });

  it("with confirmation: the signed PR of day 42 is confirmed by the one of day 126 (84 days on)", () => {
    const r = subjectResponse(progressed, { confirm: true, minSdDays: 42 });
    expect(r.signed.bor).toBe("PR");
    expect(r.recomputed.bor).toBe("SD");
  });

  it("with a minimum of 56 days for SD, the recomputed SD at day 42 is too early: PD", () => {
    expect(subjectResponse(progressed, { confirm: false, minSdDays: 56 }).recomputed.bor).toBe("PD");
  });

  it("progression by a new lesion and a non-target; the progression itself counts in the best percent", () => {
    // Baseline 30; FU1 29: -1 mm over the nadir (target SD), but NT1 progressed and a new lesion appeared.
    // Best percent 100 x (29 - 30) / 30 = -3.33 %.
    const r = subjectResponse(
      subject([
        { date: "2024-01-01", lesions: [target("T1", 30), nonTarget("NT1")] },
        { date: "2024-02-12", lesions: [target("T1", 29), nonTarget("NT1", "Uneqv. prog."), newLesion()] },
      ]),
      options,
    );
    expect(r.progressionBy).toEqual(["non-target", "new lesion"]);
    expect(r.recomputed.bor).toBe("PD");
    expect(r.bestPercent).toBeCloseTo(-3.333333, 5);
  });
});
