import { describe, expect, it } from "vitest";
import type { LesionRow } from "./lesion-rows";
import { responseRecords } from "./subject-records";
import { assessmentRow, target } from "./test-rows";

const reading = (over: Partial<LesionRow>): LesionRow => ({ ...target("T1", 20), ...over });

describe("responseRecords", () => {
  const assessments = [
    assessmentRow("A-1", "2024-01-01", { subjectId: "S1" }),
    assessmentRow("A-2", "2024-02-12", { subjectId: "S1" }),
    assessmentRow("A-3", "2024-01-03", { subjectId: "S2" }),
    // Two assessments of S2 on one date: a lesion of that date cannot be placed by its date.
    assessmentRow("A-4", "2024-02-14", { subjectId: "S2" }),
    assessmentRow("A-5", "2024-02-14", { subjectId: "S2" }),
    assessmentRow("A-1", "2024-01-01", { subjectId: "S1" }),
    assessmentRow("A-9", "2024-01-01", { subjectId: null }),
  ];
  const lesions = [
    // Placed by the assessment named in its ID.
    reading({ key: "1-A-1-T1", subjectId: "S1", assessmentKey: "A-1", date: "2024-01-01" }),
    // The ID names no assessment: placed by its subject's only assessment on its date.
    reading({ key: "x-T1", subjectId: "S1", assessmentKey: null, date: "2024-02-12" }),
    // The ID names another subject's assessment: the date decides (S2's only assessment on 2024-01-03).
    reading({ key: "2-A-1-T1", subjectId: "S2", assessmentKey: "A-1", date: "2024-01-03" }),
    // Two assessments on its date, and no ID to tell them apart: no assessment.
    reading({ key: "y-T1", subjectId: "S2", assessmentKey: null, date: "2024-02-14" }),
    // Its subject has no assessment at all.
    reading({ key: "3-A-7-T1", subjectId: "S3", assessmentKey: "A-7", date: "2024-01-01" }),
    // Sent twice.
    reading({ key: "1-A-1-T1", subjectId: "S1", assessmentKey: "A-1", date: "2024-01-01" }),
    // Unreadable.
    reading({ key: "z", subjectId: null }),
    reading({ key: "w", category: null, categoryText: "Measurable", subjectId: "S1" }),
  ];
  const { subjects, counts } = responseRecords(assessments, lesions, ["S1", "S4"]);

  it("gathers each subject's distinct assessments, the population's subjects without any included", () => {
    expect([...subjects.keys()].sort()).toEqual(["S1", "S2", "S4"]);
    expect(subjects.get("S1")!.assessments.map((a) => a.key)).toEqual(["A-1", "A-2"]);
    expect(subjects.get("S2")!.assessments.map((a) => a.key)).toEqual(["A-3", "A-4", "A-5"]);
    expect(subjects.get("S4")!.assessments).toEqual([]);
  });

  it("places each reading under its assessment", () => {
    const keys = (subject: string, assessment: string) =>
      subjects
        .get(subject)!
        .lesions.get(assessment)
        ?.map((l) => l.key) ?? [];
    expect(keys("S1", "A-1")).toEqual(["1-A-1-T1"]);
    expect(keys("S1", "A-2")).toEqual(["x-T1"]);
    expect(keys("S2", "A-3")).toEqual(["2-A-1-T1"]);
    expect(keys("S2", "A-4")).toEqual([]);
  });

  it("counts what it could not place, by reason", () => {
    expect({ ...counts, unreadLesions: Object.fromEntries(counts.unreadLesions) }).toEqual({
      assessmentsWithoutSubject: 1,
      duplicateAssessments: 1,
      unreadLesions: { "names no subject": 1, "has an unknown category": 1 },
      // y-T1 (two assessments on its date) and 3-A-7-T1 (no assessment of S3).
      lesionsWithoutAssessment: 2,
      duplicateLesions: 1,
    });
  });
});
