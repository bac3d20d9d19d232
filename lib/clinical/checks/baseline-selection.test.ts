import { describe, expect, it } from "vitest";
import { subjectAssessments } from "../response/assessment-response";
import type { LesionRow } from "../response/lesion-rows";
import { node, nonTarget, subject, target } from "../response/test-rows";
import { baselineFindings } from "./baseline-selection";

const at = (organ: string, l: LesionRow): LesionRow => ({ ...l, organ, key: `C-A0-${l.label}` });
const FU = { date: "2024-02-12", lesions: [] };

/** Findings of a baseline with these lesions, as [found, expected, lesion IDs]. */
function findings(lesions: LesionRow[]) {
  const records = subject([{ date: "2024-01-01", lesions }, FU]);
  return baselineFindings(records, subjectAssessments(records)).map((f) => {
    expect([f.rule, f.subjectId, f.date, f.records[0]]).toEqual([
      "baseline-selection",
      "S1",
      "2024-01-01",
      { kind: "assessment", key: "A0" },
    ]);
    return [f.found, f.expected, f.records.slice(1).map((r) => r.key)];
  });
}

const FIVE = [
  at("Lung", target("T1", 20)),
  at("Lung", target("T2", 10)),
  at("Liver", target("T3", 12)),
  at("Liver", target("T4", 30)),
  at("Lymph node", node("T5", 15)),
];

describe("baseline selection (RECIST 1.1)", () => {
  it.each([
    ["5 targets, 2 per organ, at the minimum sizes", FIVE, []],
    ["non-targets are not counted", [...FIVE, at("Bone", nonTarget("NT1")), at("Bone", nonTarget("NT2"))], []],
    [
      "6 targets",
      [...FIVE, at("Kidney", target("T6", 11))],
      [["6 targets (T1, T2, T3, T4, T5, T6)", "at most 5 targets", FIVE.map((l) => l.key).concat("C-A0-T6")]],
    ],
    [
      "3 targets in one organ, named in any case",
      [at("Liver", target("T1", 20)), at("liver", target("T2", 20)), at("LIVER", target("T3", 20))],
      [["3 targets in Liver (T1, T2, T3)", "at most 2 per organ", ["C-A0-T1", "C-A0-T2", "C-A0-T3"]]],
    ],
    [
      "lymph nodes anywhere are one organ",
      [at("Lymph node", node("T1", 20)), at("Mediastinal node", node("T2", 20)), at("Lymph node", node("T3", 20))],
      [["3 targets in lymph nodes (T1, T2, T3)", "at most 2 per organ", ["C-A0-T1", "C-A0-T2", "C-A0-T3"]]],
    ],
    [
      "a non-nodal target of 9.9 mm",
      [at("Lung", target("T1", 9.9))],
      [["T1 9.9 mm", "a non-nodal target at least 10 mm", ["C-A0-T1"]]],
    ],
    [
      "a nodal target of 14.9 mm short axis (a non-nodal one of 12 mm is fine)",
      [at("Lymph node", node("T1", 14.9)), at("Lung", target("T2", 12))],
      [["T1 14.9 mm short axis (a node)", "a nodal target at least 15 mm", ["C-A0-T1"]]],
    ],
    [
      "too small at baseline counts 5 mm",
      [at("Lung", target("T1", null, "Too small"))],
      [["T1 5 mm", "a non-nodal target at least 10 mm", ["C-A0-T1"]]],
    ],
    [
      "a target not assessed at baseline",
      [at("Lung", target("T1", null, "Not assessed")), at("Lung", target("T2", 20))],
      [["T1 not measured (Not assessed)", "every target measured", ["C-A0-T1"]]],
    ],
    ["no target at all is for the response rules, not this one", [at("Bone", nonTarget("NT1"))], []],
  ])("%s", (_, lesions, expected) => {
    expect(findings(lesions)).toEqual(expected);
  });

  it("no baseline: nothing to check", () => {
    const records = subject([
      { date: "2024-01-01", lesions: FIVE, over: { timepoint: 1, name: "Follow-up", conclusion: "SD" } },
    ]);
    expect(baselineFindings(records, subjectAssessments(records))).toEqual([]);
  });
});
