import { describe, expect, it } from "vitest";
import {
  aeRowId,
  assessmentRowId,
  responseAssessmentHref,
  responseSubjectHref,
  resultRowId,
  rowHash,
  sectionHref,
  subjectHref,
} from "./addresses";

describe("the study's addresses", () => {
  it("addresses a section below its study, and the first at the study's own address", () => {
    expect(sectionHref("/studies/c/ONC-101", "")).toBe("/studies/c/ONC-101");
    expect(sectionHref("/studies/c/ONC-101", "laboratory")).toBe("/studies/c/ONC-101/laboratory");
    expect(subjectHref("/studies/c/ONC-101", "101/0001")).toBe("/studies/c/ONC-101/subjects/101%2F0001");
    expect(responseSubjectHref("/studies/c/ONC-101", "101/0001")).toBe(
      "/studies/c/ONC-101/tumour-response/subjects/101%2F0001",
    );
    expect(responseAssessmentHref("/studies/c/ONC-101", "101-0001", "A-004002")).toBe(
      "/studies/c/ONC-101/tumour-response/subjects/101-0001?as_f_key=%3DA-004002#assessment-A-004002",
    );
  });

  it("names a record's row by its kind and key, and opens it by its ID escaped", () => {
    expect(assessmentRowId("A-1")).toBe("assessment-A-1");
    expect(aeRowId("E 1")).toBe("ae-E 1");
    expect(resultRowId("8d89")).toBe("result-8d89");
    expect(rowHash(aeRowId("E 1/2"))).toBe("#ae-E%201%2F2");
  });
});
