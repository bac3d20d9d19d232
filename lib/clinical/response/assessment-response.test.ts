import { describe, expect, it } from "vitest";
import { isBaselineRow, reportedChangeMm, signedDiffers, subjectAssessments } from "./assessment-response";
import { assessmentRow, newLesion, node, nonTarget, subject, target } from "./test-rows";

/**
 * One subject's course, worked by hand. Baseline T1 30 + T2 20 + node T3 15 = 65 mm, one non-target.
 *   FU1 day 42:  24.5 + 14 + 12 = 50.5            -14.5 mm (-22.31 %)   SD (50.5 > 0.7 x 65 = 45.5)
 *   FU2 day 84:  0 (gone) + 5 (too small) + 12 = 17  -48 mm (-73.85 %)  PR; 5 mm too small is not gone
 *   FU3 day 126: 0 + 0 + node 8 = 8                -57 mm (-87.69 %)     CR: the node is under 10 mm
 *   FU4 day 168: T1 not assessed: no sum; measured 0 + 14 = 14 over the nadir 8: +6 mm, +75 %: PD; new lesion
 *   FU5 day 210: 20 + 0 + 14 = 34: previous known sum 8 (FU4 had none): +26 mm; nadir 8: +325 %: PD
 */
const course = subject([
  { date: "2024-01-01", lesions: [target("T1", 30, "Defined"), target("T2", 20), node("T3", 15), nonTarget("NT1")] },
  {
    date: "2024-02-12",
    lesions: [target("T1", 24.5), target("T2", 14), node("T3", 12), nonTarget("NT1")],
    over: { conclusion: "Stable Disease" },
  },
  {
    date: "2024-03-25",
    lesions: [target("T1", null, "Disappeared"), target("T2", null, "Too small"), node("T3", 12), nonTarget("NT1")],
    over: { conclusion: "Partial Response" },
  },
  {
    date: "2024-05-06",
    lesions: [
      target("T1", null, "Disappeared"),
      target("T2", null, "Disappeared"),
      node("T3", 8),
      nonTarget("NT1", "Disappeared"),
    ],
    over: { conclusion: "Complete Response" },
  },
  {
    date: "2024-06-17",
    lesions: [
      target("T1", null, "Not assessed"),
      target("T2", null, "Disappeared"),
      node("T3", 14),
      nonTarget("NT1", "Disappeared"),
      newLesion(),
    ],
    over: { conclusion: "Progressive Disease" },
  },
  {
    date: "2024-07-29",
    lesions: [target("T1", 20), target("T2", null, "Disappeared"), node("T3", 14), nonTarget("NT1", "Disappeared")],
    over: { conclusion: "Progressive Disease" },
  },
]);

describe("subjectAssessments: a course from baseline to progression", () => {
  const result = subjectAssessments(course);
  const rows = result.assessments;

  it("takes the first assessment as baseline, sums it and has no response there", () => {
    expect(result.baseline?.row.key).toBe("A0");
    expect(rows[0]).toMatchObject({ baseline: true, day: 0, sum: 65, targets: 3, nonTargets: 1, overall: null });
    expect(rows[0].signed).toBeNull();
  });

  it.each([
    // key, day, sum, nadir, from baseline, from previous, from nadir (mm)
    ["A1", 42, 50.5, 65, -14.5, -14.5, -14.5],
    ["A2", 84, 17, 50.5, -48, -33.5, -33.5],
    ["A3", 126, 8, 17, -57, -9, -9],
    ["A4", 168, null, 8, null, null, null],
    ["A5", 210, 34, 8, -31, 26, 26],
  ])("%s: day %s, sum %s, nadir %s, changes %s / %s / %s mm", (key, day, sum, nadir, base, prev, fromNadir) => {
    const a = rows.find((r) => r.row.key === key)!;
    expect(a).toMatchObject({ day, sum, nadir, baseline: false });
    expect([a.changeFromBaseline, a.changeFromPrevious, a.changeFromNadir]).toEqual([base, prev, fromNadir]);
  });

  it.each([
    // 100 x -14.5 / 65; 100 x -48 / 65 and -33.5 / 50.5; -57 / 65 and -9 / 17; -31 / 65 and 26 / 8.
    ["A1", -22.307692, -22.307692],
    ["A2", -73.846154, -66.336634],
    ["A3", -87.692308, -52.941176],
    ["A5", -47.692308, 325],
  ])("%s: %s %% from baseline, %s %% from nadir", (key, fromBaseline, fromNadir) => {
    const a = rows.find((r) => r.row.key === key)!;
    expect(a.percentFromBaseline).toBeCloseTo(fromBaseline, 5);
    expect(a.percentFromNadir).toBeCloseTo(fromNadir, 5);
  });

  it.each([
    ["A1", "SD", "Non-CR/Non-PD", false, "SD", "SD"],
    ["A2", "PR", "Non-CR/Non-PD", false, "PR", "PR"],
    ["A3", "CR", "CR", false, "CR", "CR"],
    ["A4", "PD", "CR", true, "PD", "PD"],
    ["A5", "PD", "CR", false, "PD", "PD"],
  ])("%s: target %s, non-target %s, new lesion %s, overall %s, signed %s", (key, t, nt, nl, overall, signed) => {
    const a = rows.find((r) => r.row.key === key)!;
    expect([a.target, a.nonTarget, a.newLesion, a.overall, a.signed]).toEqual([t, nt, nl, overall, signed]);
  });
});

describe("subjectAssessments: which assessment is the baseline", () => {
  it("the earliest marked one; earlier unmarked and undated assessments are set aside", () => {
    const records = subject([{ date: "2024-01-01", lesions: [target("T1", 40)] }]);
    records.assessments = [
      assessmentRow("F1", "2024-02-12", { timepoint: 1 }),
      assessmentRow("U", null, { timepoint: 2 }),
      assessmentRow("B", "2024-01-01", { name: "baseline" }),
      assessmentRow("S", "2023-12-20", { name: "Screening", conclusion: "Stable Disease" }),
    ];
    const result = subjectAssessments(records);
    expect(result.baseline?.row.key).toBe("B");
    expect(result.assessments.map((a) => [a.row.key, a.day])).toEqual([
      ["B", 0],
      ["F1", 42],
    ]);
    expect(result.beforeBaseline.map((a) => a.key)).toEqual(["S"]);
    expect(result.undated.map((a) => a.key)).toEqual(["U"]);
  });

  it("no marked assessment: no baseline, nothing recomputed", () => {
    const records = subject([{ date: "2024-01-01", lesions: [] }]);
    records.assessments = [assessmentRow("F1", "2024-02-12", { timepoint: 1, conclusion: "Stable Disease" })];
    expect(subjectAssessments(records)).toMatchObject({ baseline: null, assessments: [] });
  });

  it.each([
    [{ timepoint: 0 }, true],
    [{ name: "Baseline" }, true],
    [{ conclusion: "UNDEFINED" }, true],
    [{ timepoint: 1, name: "Follow-up 1", conclusion: "Stable Disease" }, false],
  ])("isBaselineRow %o: %s", (over, expected) =>
    expect(isBaselineRow(assessmentRow("X", "2024-01-01", over))).toBe(expected),
  );
});

describe("subjectAssessments: lesions of the baseline that a follow-up does not read", () => {
  it("a missing target leaves no sum (NE); a missing non-target makes the non-targets NE", () => {
    // Baseline 40 + 10 = 50. FU1 reads T1 only: no sum; measured 30 is no growth over 50: NE.
    // FU2 reads both targets (38 + 8 = 46 > 35: SD) but not NT1: non-target NE; SD with NE is SD.
    const result = subjectAssessments(
      subject([
        { date: "2024-01-01", lesions: [target("T1", 40), target("T2", 10), nonTarget("NT1")] },
        { date: "2024-02-12", lesions: [target("T1", 30), nonTarget("NT1")] },
        { date: "2024-03-25", lesions: [target("T1", 38), target("T2", 8)] },
      ]),
    );
    const [, fu1, fu2] = result.assessments;
    expect(fu1).toMatchObject({ missingTargets: ["T2"], sum: null, target: "NE", overall: "NE" });
    expect(fu2).toMatchObject({ missingNonTargets: ["NT1"], sum: 46, target: "SD", nonTarget: "NE", overall: "SD" });
  });
});

describe("reportedChangeMm", () => {
  it.each([
    ["+3 mm", 3],
    ["-12.5 mm", -12.5],
    ["0 mm", 0],
    ["  -0.4mm ", -0.4],
    ["--", null],
    ["n/a", null],
    [null, null],
  ])("%s: %s", (text, mm) => expect(reportedChangeMm(text)).toBe(mm));
});

describe("signedDiffers: the signed conclusion against the recomputed response", () => {
  it.each([
    ["a follow-up signed as recomputed", { baseline: false, signed: "PR", overall: "PR" }, false],
    ["a follow-up signed PR, recomputed SD", { baseline: false, signed: "PR", overall: "SD" }, true],
    // A conclusion read as none (`Undefined` at a follow-up, another text) counts NE.
    ["a follow-up read as none, recomputed NE", { baseline: false, signed: null, overall: "NE" }, false],
    ["a follow-up read as none, recomputed SD", { baseline: false, signed: null, overall: "SD" }, true],
    ["the baseline, which has no response", { baseline: true, signed: null, overall: null }, false],
  ] as const)("%s: %s", (_, a, differs) => expect(signedDiffers(a)).toBe(differs));
});
