import { describe, expect, it } from "vitest";
import type { DiagnosticReportResource } from "@/partner-api/resources";
import { assessmentRow } from "./assessments";

const SB = "https://sb.test/StructureDefinition";
const ext = (name: string, value: Record<string, unknown>) => ({ url: `${SB}#${name}`, ...value });

const report = (over: Partial<DiagnosticReportResource> = {}): DiagnosticReportResource => ({
  resourceType: "DiagnosticReport",
  extension: [
    ext("IDB.Protocol", { valueString: "ONC-101" }),
    ext("RevisionNumber", { valueInteger: 2 }),
    ext("RevisionDate", { valueDateTime: "2023-05-04T16:20:00" }),
    ext("RevisionNumber", { valueInteger: 1 }),
    ext("Name", { valueString: "Follow-up 2" }),
    ext("Timepoint", { valueInteger: 2 }),
    ext("CurrentValue", { valueDecimal: 41.5 }),
    ext("Unit", { valueString: "mm" }),
    ext("ChangeFromPrevious", { valueString: "-3 mm" }),
    ext("ChangeFromBaseline", { valueString: "-18.5 mm" }),
    ext("ChangeFromNadir", { valueString: "0 mm" }),
  ],
  identifier: [{ system: `${SB}#AssessmentId`, value: "A-004002" }],
  subject: { reference: "Patient/101-0001" },
  effectiveDateTime: "2023-05-02T10:15:00",
  conclusion: "Partial Response",
  ...over,
});

describe("assessmentRow", () => {
  it("reads key, subject, date, timepoint, target sum, change texts, signed conclusion and revision date", () => {
    expect(assessmentRow(report())).toEqual({
      key: "A-004002",
      subjectId: "101-0001",
      date: "2023-05-02",
      name: "Follow-up 2",
      timepoint: 2,
      targetSum: 41.5,
      unit: "mm",
      changeFromBaseline: "-18.5 mm",
      changeFromPrevious: "-3 mm",
      changeFromNadir: "0 mm",
      conclusion: "Partial Response",
      revisionDate: "2023-05-04T16:20:00",
    });
  });

  it("leaves what the record lacks as null: no sum, no date, no conclusion, no extensions", () => {
    const row = assessmentRow(
      report({
        extension: undefined,
        effectiveDateTime: undefined,
        conclusion: "  ",
        subject: { reference: "Group/x" },
      }),
    );
    expect(row).toEqual({
      key: "A-004002",
      subjectId: null,
      date: null,
      name: null,
      timepoint: null,
      targetSum: null,
      unit: null,
      changeFromBaseline: null,
      changeFromPrevious: null,
      changeFromNadir: null,
      conclusion: null,
      revisionDate: null,
    });
  });

  it.each([
    ["a sum sent as text", { valueString: "12.25" }, 12.25],
    ["a sum of zero", { valueDecimal: 0 }, 0],
    ["a sum that is no number", { valueString: "n/a" }, null],
  ])("reads %s", (_what, value, expected) => {
    const row = assessmentRow(report({ extension: [ext("CurrentValue", value)] }));
    expect(row.targetSum).toBe(expected);
  });

  it("keys a report without an #AssessmentId by its first identifier, as the subject list does", () => {
    const row = assessmentRow(report({ identifier: [{ system: "urn:other", value: "X-1" }] }));
    expect(row.key).toBe("X-1");
  });
});
