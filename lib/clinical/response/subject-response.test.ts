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
    // Non-target disease only is evaluable by RECIST 1.1 Table 2.
    [
      "non-targets only at baseline",
      subject([
        { date: "2024-01-01", lesions: [nonTarget("NT1")] },
        { date: "2024-02-12", lesions: [nonTarget("NT1")] },
      ]),
      null,
    ],
    [
      "non-targets only at baseline, no follow-up",
      subject([{ date: "2024-01-01", lesions: [nonTarget("NT1")] }]),
      "no post-baseline assessment",
    ],
    [
      "no lesion at all at baseline",
      subject([
        { date: "2024-01-01", lesions: [] },
        { date: "2024-02-12", lesions: [nonTarget("NT1")] },
      ]),
      "no lesion at baseline",
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

describe("subjectResponse: non-target disease only (RECIST 1.1 Table 2)", () => {
  const NN = "Non-CR/Non-PD";
  /**
   * Baseline: NT1 (liver, present), NT2 (a node of 15 mm); no target.
   *   FU1 day 42:  both there: Non-CR/Non-PD; signed Non-CR/Non-PD
   *   FU2 day 84:  NT1 disappeared, NT2 8 mm (< 10): every non-target gone: CR; signed Complete Response
   *   FU3 day 126: NT1 present again after the CR: PD (non-target); signed Progressive Disease
   */
  const records = subject([
    { date: "2024-01-01", lesions: [nonTarget("NT1"), nonTarget("NT2", "Present", 15, true)] },
    {
      date: "2024-02-12",
      lesions: [nonTarget("NT1"), nonTarget("NT2", "Stable/Improved", 12, true)],
      over: { conclusion: NN },
    },
    {
      date: "2024-03-25",
      lesions: [nonTarget("NT1", "Disappeared"), nonTarget("NT2", "Stable/Improved", 8, true)],
      over: { conclusion: "Complete Response" },
    },
    {
      date: "2024-05-06",
      lesions: [nonTarget("NT1", "Present"), nonTarget("NT2", "Stable/Improved", 8, true)],
      over: { conclusion: "Progressive Disease" },
    },
  ]);

  it("is evaluable, its responses are Table 2's, and its BOR as signed and recomputed is CR", () => {
    const r = subjectResponse(records, options);
    expect(r).toMatchObject({ nonTargetOnly: true, notEvaluable: null, baselineSum: null, bestPercent: null });
    expect(r.assessments.slice(1).map((a) => [a.target, a.nonTarget, a.overall, a.signed])).toEqual([
      ["None", NN, NN, NN],
      ["None", "CR", "CR", "CR"],
      ["None", "PD", "PD", "PD"],
    ]);
    expect(r.recomputed).toMatchObject({ bor: "CR", timeToResponse: 84 });
    // Duration of response: 126 - 84 = 42 days, ended by the progression.
    expect(r.recomputed.durationOfResponse).toEqual({ days: 42, censored: false });
    expect(r.signed.bor).toBe("CR");
    expect(r.progressionBy).toEqual(["non-target"]);
  });

  it("Non-CR/Non-PD is its best response when no CR is counted, under the minimum time for SD", () => {
    const twoVisits = { ...records, assessments: records.assessments.slice(0, 2) };
    // Non-CR/Non-PD at day 42 >= 42: BOR Non-CR/Non-PD.
    expect(subjectResponse(twoVisits, options).recomputed.bor).toBe(NN);
    // With a minimum of 43 days it is too early, and nothing follows: NE.
    expect(subjectResponse(twoVisits, { confirm: false, minSdDays: 43 }).recomputed.bor).toBe("NE");
  });
});

describe("subjectResponse: a target seen again after a complete response", () => {
  it("is progression at the first size, below the 5 mm of the arithmetic", () => {
    /**
     * Baseline T1 20 + T2 10 = 30 mm. FU1 day 42: both disappeared: sum 0, CR. FU2 day 84: T1 back at 3 mm:
     * +3 mm over the nadir 0 is short of 5 mm, but after the CR it is progression.
     */
    const r = subjectResponse(
      subject([
        { date: "2024-01-01", lesions: [target("T1", 20), target("T2", 10)] },
        { date: "2024-02-12", lesions: [target("T1", 0, "Disappeared"), target("T2", 0, "Disappeared")] },
        { date: "2024-03-25", lesions: [target("T1", 3), target("T2", 0, "Disappeared")] },
      ]),
      options,
    );
    expect(r.assessments.slice(1).map((a) => [a.sum, a.target, a.overall])).toEqual([
      [0, "CR", "CR"],
      [3, "PD", "PD"],
    ]);
    expect(r.recomputed).toMatchObject({ bor: "CR", timeToResponse: 42 });
    expect(r.recomputed.durationOfResponse).toEqual({ days: 42, censored: false });
  });
});

describe("subjectResponse: day 1 of the response times", () => {
  /**
   * Baseline 2024-01-01, sum 50. FU1 2024-02-12 (day 42 since baseline): 45, -10 %: SD. FU2 2024-03-25 (day 84):
   * 62 over the nadir 45: +17 mm and 62 >= 1.2 x 45 = 54: PD.
   */
  const sdThenPd = subject([
    { date: "2024-01-01", lesions: [target("T1", 50)] },
    { date: "2024-02-12", lesions: [target("T1", 45)] },
    { date: "2024-03-25", lesions: [target("T1", 62)] },
  ]);
  const firstDose = (date: string | null) => ({ anchor: "first-dose" as const, firstDose: () => date });

  it("from the baseline (the default): SD at day 42 qualifies; progression on day 84", () => {
    const r = subjectResponse(sdThenPd, options);
    expect(r).toMatchObject({ offset: 0, dayOne: { date: "2024-01-01", from: "baseline" }, timeOnStudy: 84 });
    expect(r.recomputed.bor).toBe("SD");
    expect(r.recomputed.timeToProgression).toEqual({ days: 84, censored: false });
  });

  it("from a first dose 7 days after baseline: SD at day 42 - 7 = 35 is too early: PD on day 77", () => {
    const r = subjectResponse(sdThenPd, options, firstDose("2024-01-08"));
    expect(r).toMatchObject({ offset: -7, dayOne: { date: "2024-01-08", from: "first-dose" }, timeOnStudy: 77 });
    expect(r.recomputed.bor).toBe("PD");
    expect(r.recomputed.timeToProgression).toEqual({ days: 77, censored: false });
    // Days since baseline stay as they are.
    expect(r.assessments.map((a) => a.day)).toEqual([0, 42, 84]);
  });

  it("without a first dose (or one that is no date) the subject falls back on its baseline", () => {
    for (const date of [null, "not a date"]) {
      const r = subjectResponse(sdThenPd, options, firstDose(date));
      expect(r).toMatchObject({ offset: 0, dayOne: { date: "2024-01-01", from: "baseline" } });
      expect(r.recomputed.bor).toBe("SD");
    }
  });

  it("duration of response counts from the first response whatever day 1 is", () => {
    // Baseline 50; FU1 day 42: 30 (-40 %): PR; FU2 day 84: 40 over the nadir 30: +10 mm, +33 %: PD.
    const pr = subject([
      { date: "2024-01-01", lesions: [target("T1", 50)] },
      { date: "2024-02-12", lesions: [target("T1", 30)] },
      { date: "2024-03-25", lesions: [target("T1", 40)] },
    ]);
    const fromBaseline = subjectResponse(pr, options).recomputed;
    // First dose 2023-12-25, 7 days before the baseline: every day since day 1 is 7 more.
    const fromDose = subjectResponse(pr, options, firstDose("2023-12-25")).recomputed;
    expect([fromBaseline.timeToResponse, fromBaseline.timeToProgression.days]).toEqual([42, 84]);
    expect([fromDose.timeToResponse, fromDose.timeToProgression.days]).toEqual([49, 91]);
    expect(fromBaseline.durationOfResponse).toEqual({ days: 42, censored: false });
    expect(fromDose.durationOfResponse).toEqual({ days: 42, censored: false });
  });
});
