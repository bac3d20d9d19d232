import { describe, expect, it } from "vitest";
import type { AssessmentRow } from "@/lib/clinical/response/assessments";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { subjectResponse } from "@/lib/clinical/response/subject-response";
import { nonTarget, subject } from "@/lib/clinical/response/test-rows";
import { assessmentRows, mmDiffer } from "./assessment-rows";
import { progressedSubject } from "./test-subject";

describe("mmDiffer: reported and recomputed millimetres", () => {
  it.each([
    [40.1, 40, false, "0.1 mm apart is within the reports' rounding"],
    [40.2, 40, true, "0.2 mm apart differs"],
    [null, null, false, "neither known"],
    [null, 40, true, "only the recomputed known"],
    [40, null, true, "only the reported known"],
  ] as [number | null, number | null, boolean, string][])("%s vs %s: %s (%s)", (reported, recomputed, differ) =>
    expect(mmDiffer(reported, recomputed)).toBe(differ),
  );
});

describe("assessmentRows: every assessment, reported beside recomputed (test-subject.ts, by hand)", () => {
  // Study day 1 on 2023-12-30: the baseline (2024-01-01) is study day 3, FU1 (2024-02-12) day 3 + 42 = 45.
  const rows = assessmentRows(progressedSubject(), "2023-12-30");
  const pick = (i: number, ...ids: string[]) => ids.map((id) => rows[i][id]);

  it("lists the five assessments in date order, the undated one last, with study day and days since baseline", () => {
    expect(rows.map((r) => [r.key, r.date, r.studyDay, r.day])).toEqual([
      ["A0", "2024-01-01", 3, 0],
      ["A1", "2024-02-12", 45, 42],
      ["A2", "2024-03-25", 87, 84],
      ["A3", "2024-05-06", 129, 126],
      ["A4", null, null, null],
    ]);
  });

  it("gives each row, set-aside ones too, the element ID the lesion chart's points open", () =>
    expect(rows.map((r) => r.anchor)).toEqual([
      "assessment-A0",
      "assessment-A1",
      "assessment-A2",
      "assessment-A3",
      "assessment-A4",
    ]));

  it("shows the baseline's sums, without changes or responses, and no flag", () => {
    expect(pick(0, "sumReported", "sumRecomputed", "baseRecomputed", "overall", "signed", "flags")).toEqual([
      50,
      50,
      null,
      null,
      "Undefined",
      null,
    ]);
  });

  it("FU1: -10 mm, -20 %, SD against a signed PR, flagged; -10.1 mm reported from previous is within 0.1 mm", () => {
    expect(
      pick(1, "baseRecomputed", "basePercent", "prevReported", "prevRecomputed", "nadir", "target", "nonTarget"),
    ).toEqual([-10, -20, "-10.1 mm", -10, 50, "SD", "Non-CR/Non-PD"]);
    expect(pick(1, "newLesions", "overall", "signed", "flags")).toEqual([
      "No",
      "SD",
      "Partial Response",
      "≠ conclusion: signed Partial Response (PR), recomputed SD",
    ]);
  });

  it("FU2: the reported sum 3 mm off and its changes flagged; the PD agrees", () => {
    expect(pick(2, "sumReported", "sumRecomputed", "baseRecomputed", "basePercent", "nadirRecomputed")).toEqual([
      65, 62, 12, 24, 22,
    ]);
    expect(pick(2, "nadirPercent", "overall")).toEqual([55, "PD"]);
    expect(rows[2].flags).toBe(
      "≠ target sum: reported 65 mm, recomputed 62 mm; ≠ change from baseline: reported +15 mm, recomputed 12 mm; " +
        "≠ change from previous: reported +25 mm, recomputed 22 mm; " +
        "≠ change from nadir: reported +25 mm, recomputed 22 mm",
    );
  });

  it("FU3: after the first progression, not counted; NT1 not read", () => {
    expect(pick(3, "basePercent", "prevRecomputed", "nadir", "nadirPercent", "target", "nonTarget", "overall")).toEqual(
      [-60, -42, 40, -50, "PR", "NE", "PR"],
    );
    expect(rows[3].flags).toBe(
      "after the first progression (recomputed): not counted in the BOR; baseline non-targets not read: NT1",
    );
  });

  it("an undated assessment is listed as sent and set aside", () => {
    expect(pick(4, "name", "signed", "sumRecomputed", "flags")).toEqual([
      "Follow-up 9",
      "Stable Disease",
      null,
      "no readable date: not used",
    ]);
  });

  it("marks the signed conclusion's cell where it differs from the recomputed response, after baseline only", () =>
    // FU1 signed PR against SD; FU2 PD and FU3 PR agree; the baseline's and the undated one's are not compared.
    expect(rows.map((r) => r.signedMark)).toEqual([null, "differs from recomputed SD", null, null, null]));

  it("without day 1, no study days", () => {
    expect(assessmentRows(progressedSubject(), null).map((r) => r.studyDay)).toEqual([null, null, null, null, null]);
  });
});

describe("assessmentRows of a subject with non-target disease only (RECIST 1.1 Table 2)", () => {
  // NT1 present at baseline and day 42 (Non-CR/Non-PD, signed so); no target, so no sum, target response "None".
  const records = (fu: Partial<AssessmentRow>) =>
    subject([
      { date: "2024-01-01", lesions: [nonTarget("NT1")] },
      { date: "2024-02-12", lesions: [nonTarget("NT1")], over: { conclusion: "Non-CR/Non-PD", ...fu } },
    ]);
  const rowsOf = (fu: Partial<AssessmentRow>) =>
    assessmentRows(subjectResponse(records(fu), DEFAULT_RESPONSE_OPTIONS), null).map((r) => [
      r.sumRecomputed,
      r.target,
      r.nonTarget,
      r.overall,
      r.flags,
    ]);

  it("shows Table 2's responses and no flag, whether the partner sends no sum or 0 mm", () => {
    const expected = [
      [null, null, null, null, null],
      [null, "None", "Non-CR/Non-PD", "Non-CR/Non-PD", null],
    ];
    expect(rowsOf({})).toEqual(expected);
    expect(rowsOf({ targetSum: 0, changeFromBaseline: "0 mm", changeFromNadir: "--" })).toEqual(expected);
  });

  it("flags a sum of 3 mm where there is no target, and a signed Stable Disease", () => {
    expect(rowsOf({ targetSum: 3, conclusion: "Stable Disease" })[1][4]).toBe(
      "≠ target sum: reported 3 mm, recomputed none; " +
        "≠ conclusion: signed Stable Disease (SD), recomputed Non-CR/Non-PD",
    );
  });
});
