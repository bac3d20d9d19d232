import { describe, expect, it } from "vitest";
import { nonTarget, subject, target } from "../response/test-rows";
import type { Finding, RuleId } from "./finding";
import { responseChecks } from "./response-checks";
import { countByRule, sortFindings } from "./study-findings";

const finding = (rule: RuleId, subjectId: string | null, date: string | null, key: string): Finding => ({
  rule,
  subjectId,
  date,
  records: [{ kind: "assessment", key }],
  found: "",
  expected: "",
});

describe("a study's findings", () => {
  const list = [
    finding("lab-no-unit", "S1", "2024-01-01", "L1"),
    finding("conclusion", "S2", "2024-01-01", "A9"),
    finding("conclusion", "S1", "2024-02-01", "A2"),
    finding("conclusion", "S1", "2024-02-01", "A1"),
    finding("conclusion", null, null, "A0"),
    finding("conclusion", "S1", null, "A3"),
  ];

  it("are in the rules' order, then by subject, date and record; no subject or date last", () => {
    expect(sortFindings([...list]).map((f) => f.records[0].key)).toEqual(["A1", "A2", "A3", "A9", "A0", "L1"]);
  });

  it("are counted per rule, with their distinct subjects, every rule listed", () => {
    const counts = countByRule(list);
    expect(counts.length).toBe(11);
    expect(counts[0]).toEqual({ rule: "conclusion", findings: 5, subjects: 2 });
    expect(counts.find((c) => c.rule === "lab-no-unit")).toEqual({ rule: "lab-no-unit", findings: 1, subjects: 1 });
    expect(counts.find((c) => c.rule === "interval")).toEqual({ rule: "interval", findings: 0, subjects: 0 });
  });
});

describe("the response checks of a study", () => {
  it("check subjects with a baseline, list those without one, count the assessments set aside", () => {
    const checked = subject([{ date: "2024-01-10", lesions: [target("T1", 20)], over: { targetSum: 20 } }], "S1");
    const noBaseline = subject(
      [{ date: "2024-01-01", lesions: [], over: { timepoint: 2, name: "Follow-up 2", conclusion: null } }],
      "S2",
    );
    const assessments = [
      ...checked.assessments,
      { ...checked.assessments[0], key: "B1", date: "2024-01-01", timepoint: 3, name: "Follow-up 3", conclusion: null },
      { ...checked.assessments[0], key: "B2", date: null, timepoint: 4, name: "Follow-up 4", conclusion: null },
      ...noBaseline.assessments.map((a) => ({ ...a, key: "C1" })),
    ];
    // The lesion ID names its assessment, A0.
    const result = responseChecks(assessments, [{ ...target("T1", 20), key: "C-A0-T1", assessmentKey: "A0" }]);
    expect(result.findings).toEqual([]);
    expect(result.checked).toBe(1);
    expect(result.withoutBaseline).toEqual(["S2"]);
    expect(result.setAside).toBe(2);
    expect(result.joins.lesionsWithoutAssessment).toBe(0);
  });

  it("find nothing in a subject with non-target disease only whose signed conclusions are Table 2's", () => {
    // NT1 present, then Non-CR/Non-PD (day 42), CR (day 84: disappeared, NT2 a node of 8 mm), CR (day 126).
    const none = { targetSum: null, changeFromBaseline: "--", changeFromPrevious: "--", changeFromNadir: "--" };
    const records = subject(
      [
        { date: "2024-01-01", lesions: [nonTarget("NT1"), nonTarget("NT2", "Present", 16, true)], over: none },
        {
          date: "2024-02-12",
          lesions: [nonTarget("NT1"), nonTarget("NT2", "Stable/Improved", 12, true)],
          over: { ...none, conclusion: "Non-CR/Non-PD" },
        },
        {
          date: "2024-03-25",
          lesions: [nonTarget("NT1", "Disappeared"), nonTarget("NT2", "Stable/Improved", 8, true)],
          over: { ...none, conclusion: "Complete Response" },
        },
        {
          date: "2024-05-06",
          lesions: [nonTarget("NT1", "Disappeared"), nonTarget("NT2", "Stable/Improved", 8.5, true)],
          over: { ...none, conclusion: "Complete Response" },
        },
      ],
      "S3",
    );
    const lesions = [...records.lesions].flatMap(([key, list]) =>
      list.map((l) => ({ ...l, key: `C-${key}-${l.label}`, assessmentKey: key })),
    );
    const result = responseChecks(records.assessments, lesions);
    expect(result.checked).toBe(1);
    expect(result.findings).toEqual([]);
  });
});
