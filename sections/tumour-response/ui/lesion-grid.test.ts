import { describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { subjectResponse } from "@/lib/clinical/response/subject-response";
import { newLesion, node, nonTarget, subject, target } from "@/lib/clinical/response/test-rows";
import { lesionGrid, readingText } from "./lesion-grid";
import { progressedRecords, progressedSubject } from "./test-subject";

describe("readingText", () => {
  it.each([
    [target("T1", 12.5), "12.5 mm, Present"],
    [target("T2", null, "Too small"), "Too small, no measurement"],
    [target("T3", 0, "Disappeared"), "0 mm, Disappeared"],
    [{ ...target("T4", 7), state: null }, "7 mm, no state"],
  ])("%#: %s", (reading, text) => expect(readingText(reading)).toBe(text));
});

describe("lesionGrid: a row per lesion, a column per assessment in the table's order", () => {
  it("the test subject: targets, then the non-target, not read after it appeared", () => {
    const records = progressedRecords();
    const grid = lesionGrid(progressedSubject(), records.lesions);
    expect(grid.columns.map((c) => c.header)).toEqual([
      "Lesion",
      "Lesion ID (first reading)",
      "Category",
      "Organ or location",
      "Lymph node",
      "Baseline size (mm)",
      "Baseline (2024-01-01, day 0 since baseline)",
      "Follow-up (2024-02-12, day 42 since baseline)",
      "Follow-up (2024-03-25, day 84 since baseline)",
      "Follow-up (2024-05-06, day 126 since baseline)",
      "Follow-up 9 (no date)",
    ]);
    expect(grid.rows.map((r) => [r.label, r.category, r.organ, r.node, r.baseline, r.a0, r.a3, r.a4])).toEqual([
      ["T1", "Target", "Liver", "No", 30, "30 mm, Present", "12 mm, Present", "not read"],
      ["T2", "Target", "Liver", "No", 20, "20 mm, Present", "8 mm, Present", "not read"],
      ["NT1", "Non-target", "Liver", "No", null, "Present, no measurement", "not read", "not read"],
    ]);
  });

  it("orders T2 before T10, targets before non-targets before new lesions; blank before a lesion appears", () => {
    const s = subject([
      { date: "2024-01-01", lesions: [target("T10", 15), node("T2", 18), nonTarget("NT1")] },
      { date: "2024-02-12", lesions: [target("T10", 15), node("T2", 9), nonTarget("NT1"), newLesion("NL1")] },
    ]);
    const grid = lesionGrid(subjectResponse(s, DEFAULT_RESPONSE_OPTIONS), s.lesions);
    expect(grid.rows.map((r) => [r.label, r.organ, r.node, r.baseline, r.a0, r.a1])).toEqual([
      ["T2", "Lymph node", "Yes", 18, "18 mm, Present", "9 mm, Present"],
      ["T10", "Liver", "No", 15, "15 mm, Present", "15 mm, Present"],
      ["NT1", "Liver", "No", null, "Present, no measurement", "Present, no measurement"],
      ["NL1", "Liver", "No", null, null, "12 mm, Present"],
    ]);
  });

  it("says a category that changes, and both readings of one lesion at one assessment", () => {
    const s = subject([
      { date: "2024-01-01", lesions: [target("T1", 15)] },
      { date: "2024-02-12", lesions: [{ ...target("T1", 14), category: "Non-target" }, target("T1", 13)] },
    ]);
    const grid = lesionGrid(subjectResponse(s, DEFAULT_RESPONSE_OPTIONS), s.lesions);
    expect(grid.rows.map((r) => [r.category, r.a1])).toEqual([
      ["Target → Non-target", "14 mm, Present; 13 mm, Present"],
    ]);
  });
});
