/**
 * The timeline's response assessments against the response recomputed at each (./assessment-checks.test.ts works
 * the course by hand): the marker's label, its tooltip and the data table's column say where the signed conclusion
 * differs, in words.
 */
import { describe, expect, it } from "vitest";
import { subjectAssessments } from "@/lib/clinical/response/assessment-response";
import { subject, target } from "@/lib/clinical/response/test-rows";
import { buildTimeline } from "@/lib/clinical/subjects/timeline";
import { assessmentChecks } from "./assessment-checks";
import { timelineTable } from "./timeline-table";
import { timelineItems } from "./ui/timeline-items";

// Baseline 70 mm; A1 45 mm: PR, signed PR; A2 52 mm: SD, signed PR.
const course = subject([
  { date: "2024-01-10", lesions: [target("T1", 40), target("T2", 30)] },
  { date: "2024-02-21", lesions: [target("T1", 25), target("T2", 20)], over: { conclusion: "Partial Response" } },
  { date: "2024-04-03", lesions: [target("T1", 30), target("T2", 22)], over: { conclusion: "Partial Response" } },
]);
const records = { adverseEvents: [], medications: [], assessments: course.assessments };
const timeline = buildTimeline({
  reference: { date: "2024-01-10", source: "first dose" },
  products: [],
  labs: [],
  vitals: [],
  ...records,
});
const checks = assessmentChecks(subjectAssessments(course));

describe("the timeline's assessments against the recomputed responses", () => {
  const items = timelineItems(timeline, { ...records, checks });
  const byKey = new Map(items.map((i) => [i.record, i]));

  it("labels a marker PR≠SD and rings it where the signed conclusion differs, the signed code elsewhere", () => {
    expect(["A0", "A1", "A2"].map((k) => [byKey.get(k)?.label, byKey.get(k)?.differs])).toEqual([
      ["BL", undefined],
      ["PR", undefined],
      ["PR≠SD", true],
    ]);
    // The series (legend and colour) stays the signed conclusion's.
    expect(byKey.get("A2")?.series).toBe("Partial Response");
  });

  it("gives the recomputed response in the tooltip, after the conclusion as signed", () => {
    const details = byKey.get("A2")?.details ?? [];
    const at = details.findIndex(([k]) => k === "Conclusion as signed");
    expect(details.slice(at, at + 2)).toEqual([
      ["Conclusion as signed", "Partial Response"],
      ["Recomputed (RECIST 1.1)", "Stable Disease (≠ differs from the conclusion as signed)"],
    ]);
  });

  it("has a column in the data table: = same, ≠ recomputed and the response, none at baseline", () => {
    const table = timelineTable(items, ["Response assessments"]);
    expect(table.columns.at(-1)).toEqual({ id: "check", header: "Signed against recomputed (RECIST 1.1)" });
    expect(table.rows.map((r) => [r.record, r.label, r.check])).toEqual([
      ["A0", "BL", "none: the baseline has no response"],
      ["A1", "PR", "= same"],
      ["A2", "PR≠SD", "≠ recomputed: Stable Disease"],
    ]);
  });

  it("without a recomputation, draws the signed conclusions alone and has no such column", () => {
    const signed = timelineItems(timeline, records);
    expect(signed.map((i) => [i.label, i.differs, i.check])).toEqual([
      ["BL", undefined, undefined],
      ["PR", undefined, undefined],
      ["PR", undefined, undefined],
    ]);
    expect(signed[2].details.map(([k]) => k)).not.toContain("Recomputed (RECIST 1.1)");
    expect(timelineTable(signed, ["Response assessments"]).columns.map((c) => c.id)).not.toContain("check");
  });
});
