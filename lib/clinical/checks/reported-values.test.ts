import { describe, expect, it } from "vitest";
import { subjectAssessments } from "../response/assessment-response";
import type { AssessmentRow } from "../response/assessments";
import type { LesionRow } from "../response/lesion-rows";
import { newLesion, nonTarget, subject, target } from "../response/test-rows";
import { reportedValueFindings } from "./reported-values";

/**
 * Worked by hand. Baseline T1 30 + T2 20 = 50 mm, reported 50, changes "--", conclusion Undefined.
 * A follow-up with T1 20 + T2 10 = 30 mm: -20 mm from baseline, previous and nadir (all 50); -40 % is PR (<= -30 %).
 * With T1 25 + T2 17 = 42 mm: -8 mm, -16 % from baseline: SD (neither -30 % nor +20 % and +5 mm).
 */
const BASE = { targetSum: 50, changeFromBaseline: "--", changeFromPrevious: "--", changeFromNadir: "--" };
const PR_FU: Partial<AssessmentRow> = {
  targetSum: 30,
  changeFromBaseline: "-20 mm",
  changeFromPrevious: "-20 mm",
  changeFromNadir: "-20 mm",
  conclusion: "Partial Response",
};
const PR_LESIONS = [target("T1", 20), target("T2", 10)];

/** Findings of a baseline and one follow-up, as [rule, found, expected]. */
function findings(followUp: { lesions: LesionRow[]; over: Partial<AssessmentRow> }, base = {}) {
  const records = subject([
    { date: "2024-01-01", lesions: [target("T1", 30), target("T2", 20)], over: { ...BASE, ...base } },
    { date: "2024-02-12", ...followUp },
  ]);
  return reportedValueFindings(records, subjectAssessments(records)).map((f) => {
    expect(f.subjectId).toBe("S1");
    return [f.rule, f.records.map((r) => r.key).join(" "), f.found, f.expected];
  });
}

describe("reported values against the recomputed ones", () => {
  it.each([
    ["every value as recomputed", { lesions: PR_LESIONS, over: PR_FU }, {}, []],
    [
      "a Partial Response signed where the sums say SD",
      { lesions: [target("T1", 25), target("T2", 17)], over: { ...PR_FU, targetSum: 42 } },
      {},
      [
        [
          "conclusion",
          "A1",
          'signed "Partial Response"',
          "Stable Disease: targets SD (-16.0 % from baseline), non-targets None, no new lesion",
        ],
        [
          "changes",
          "A1",
          "from baseline -20 mm; from previous -20 mm; from nadir -20 mm",
          "from baseline -8 mm; from previous -8 mm; from nadir -8 mm",
        ],
      ],
    ],
    [
      "a new lesion makes PD whatever the sums",
      { lesions: [...PR_LESIONS, nonTarget("NT1"), newLesion()], over: PR_FU },
      {},
      [
        [
          "conclusion",
          "A1",
          'signed "Partial Response"',
          "Progressive Disease: targets PR (-40.0 % from baseline), non-targets Non-CR/Non-PD, a new lesion",
        ],
      ],
    ],
    [
      "a response signed at baseline",
      { lesions: PR_LESIONS, over: PR_FU },
      { conclusion: "Stable Disease" },
      [["conclusion", "A0", 'signed "Stable Disease" at baseline', "no response at baseline (Undefined)"]],
    ],
    ["a sum 0.1 mm off is within rounding", { lesions: PR_LESIONS, over: { ...PR_FU, targetSum: 30.1 } }, {}, []],
    [
      "a sum 0.2 mm off",
      { lesions: PR_LESIONS, over: { ...PR_FU, targetSum: 30.2 } },
      {},
      [["target-sum", "A1", "reported 30.2 mm", "30 mm, the sum of 2 targets"]],
    ],
    [
      "a baseline without a reported sum",
      { lesions: PR_LESIONS, over: PR_FU },
      { targetSum: null },
      [["target-sum", "A0", "no target sum reported", "50 mm, the sum of 2 targets"]],
    ],
    [
      "no sum reported where a target was not assessed: none to compare",
      {
        lesions: [target("T1", 20), target("T2", null, "Not assessed")],
        over: {
          ...PR_FU,
          targetSum: null,
          changeFromBaseline: "--",
          changeFromPrevious: "--",
          changeFromNadir: "--",
          conclusion: "Not Evaluable",
        },
      },
      {},
      [],
    ],
    [
      "a sum reported where a target was not assessed and another not read",
      {
        lesions: [target("T2", null, "Not assessed")],
        over: {
          ...PR_FU,
          targetSum: 20,
          changeFromBaseline: "--",
          changeFromPrevious: "--",
          changeFromNadir: "--",
          conclusion: "Not Evaluable",
        },
      },
      {},
      [["target-sum", "A1", "reported 20 mm", "no sum: T2 not measured; T1 not read"]],
    ],
    [
      "one change 0.2 mm off, another missing",
      { lesions: PR_LESIONS, over: { ...PR_FU, changeFromPrevious: "-19.8 mm", changeFromNadir: "--" } },
      {},
      [["changes", "A1", "from previous -19.8 mm; from nadir --", "from previous -20 mm; from nadir -20 mm"]],
    ],
    [
      "a change reported at baseline",
      { lesions: PR_LESIONS, over: PR_FU },
      { changeFromBaseline: "0 mm" },
      [["changes", "A0", "from baseline 0 mm", "from baseline none"]],
    ],
  ])("%s", (_, followUp, base, expected) => {
    expect(findings(followUp, base)).toEqual(expected);
  });
});

describe("reported values of a subject with target disease signed Non-CR/Non-PD", () => {
  it("is a finding: Non-CR/Non-PD is Table 2's response, for non-target disease only", () => {
    // T1 25 + T2 17 = 42 mm, -16 % from 50: SD, as in "a Partial Response signed where the sums say SD".
    expect(
      findings({
        lesions: [target("T1", 25), target("T2", 17)],
        over: {
          ...PR_FU,
          targetSum: 42,
          changeFromBaseline: "-8 mm",
          changeFromPrevious: "-8 mm",
          changeFromNadir: "-8 mm",
          conclusion: "Non-CR/Non-PD",
        },
      }),
    ).toEqual([
      [
        "conclusion",
        "A1",
        'signed "Non-CR/Non-PD"',
        "Stable Disease: targets SD (-16.0 % from baseline), non-targets None, no new lesion",
      ],
    ]);
  });
});

describe("reported values of a subject with non-target disease only (RECIST 1.1 Table 2)", () => {
  /** Baseline NT1 (present) and no target; findings of its follow-ups, as [rule, record, found, expected]. */
  function tableTwo(followUps: { lesions: LesionRow[]; over: Partial<AssessmentRow> }[], base = {}) {
    const records = subject([
      { date: "2024-01-01", lesions: [nonTarget("NT1")], over: { targetSum: null, ...base } },
      ...followUps.map((f, i) => ({ date: `2024-0${i + 2}-12`, ...f })),
    ]);
    return reportedValueFindings(records, subjectAssessments(records)).map((f) => [
      f.rule,
      f.records.map((r) => r.key).join(" "),
      f.found,
      f.expected,
    ]);
  }
  const none = { targetSum: null, changeFromBaseline: "--", changeFromPrevious: "--", changeFromNadir: "--" };
  const zero = { targetSum: 0, changeFromBaseline: "0 mm", changeFromPrevious: "0 mm", changeFromNadir: "0 mm" };

  it.each([
    // Present: Non-CR/Non-PD; disappeared: CR; unequivocal progression, or a new lesion: PD; not assessed: NE.
    ["Non-CR/Non-PD", [nonTarget("NT1")]],
    ["Complete Response", [nonTarget("NT1", "Disappeared")]],
    ["Progressive Disease", [nonTarget("NT1", "Uneqv. prog.")]],
    ["Progressive Disease", [nonTarget("NT1"), newLesion()]],
    ["Not Evaluable", [nonTarget("NT1", "Not assessed")]],
  ])("a signed %s that Table 2 gives is no finding, sums and changes none or 0 mm", (conclusion, lesions) => {
    expect(tableTwo([{ lesions, over: { ...none, conclusion } }])).toEqual([]);
    expect(tableTwo([{ lesions, over: { ...zero, conclusion } }], { targetSum: 0 })).toEqual([]);
  });

  it("a signed Stable Disease is a finding (Table 2 has no SD), and so is a sum of 12 mm or a change of 3 mm", () => {
    expect(
      tableTwo([
        {
          lesions: [nonTarget("NT1")],
          over: { ...none, targetSum: 12, changeFromNadir: "+3 mm", conclusion: "Stable Disease" },
        },
      ]),
    ).toEqual([
      [
        "conclusion",
        "A1",
        'signed "Stable Disease"',
        "Non-CR/Non-PD: no target lesion (RECIST 1.1 Table 2), non-targets Non-CR/Non-PD, no new lesion",
      ],
      ["target-sum", "A1", "reported 12 mm", "no sum: no target lesion"],
      ["changes", "A1", "from nadir +3 mm", "from nadir none"],
    ]);
  });

  it("a CR, then the non-target seen again: PD (signed so, no finding; signed Non-CR/Non-PD, a finding)", () => {
    const cr = { lesions: [nonTarget("NT1", "Disappeared")], over: { ...none, conclusion: "Complete Response" } };
    const back = [nonTarget("NT1")];
    expect(tableTwo([cr, { lesions: back, over: { ...none, conclusion: "Progressive Disease" } }])).toEqual([]);
    expect(tableTwo([cr, { lesions: back, over: { ...none, conclusion: "Non-CR/Non-PD" } }])).toEqual([
      [
        "conclusion",
        "A2",
        'signed "Non-CR/Non-PD"',
        "Progressive Disease: no target lesion (RECIST 1.1 Table 2), non-targets PD, no new lesion",
      ],
    ]);
  });
});
