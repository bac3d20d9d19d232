/** A subject's summary: site from its ID, age at the first dose, study-drug status, best overall response. */
import { describe, expect, it } from "vitest";
import type { SubjectExposure } from "@/lib/clinical/exposure/exposure";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { ageAtFirstDose, siteOf, studyDrugStatus, subjectBor } from "./subject-facts";

const exposure = (e: Partial<SubjectExposure>) =>
  ({ firstDose: "2023-04-02", lastDose: null, ongoing: false, ...e }) as SubjectExposure;

describe("a subject's summary", () => {
  it("reads the site from an ID numbered <site>-<number> only", () => {
    expect(siteOf("101-0001")).toBe("101");
    expect(siteOf("302-0014")).toBe("302");
    expect(siteOf("1010-001")).toBeNull();
    expect(siteOf("SSN-ONC101-XBN5")).toBeNull();
    expect(siteOf("101-0001x")).toBeNull();
  });

  it("takes the age in the year of the first dose", () => {
    // Born 1958, first dose in April 2023: 2023 - 1958 = 65 (64 until the birthday).
    expect(ageAtFirstDose(1958, "2023-04-02")).toBe(65);
    expect(ageAtFirstDose(null, "2023-04-02")).toBeNull();
    expect(ageAtFirstDose(1958, null)).toBeNull();
  });

  it("says where the subject is with the study drug", () => {
    expect(studyDrugStatus(null)).toBe("No study-drug record");
    expect(studyDrugStatus(exposure({ ongoing: true }))).toBe("On study drug (a study-drug record without an end)");
    expect(studyDrugStatus(exposure({ lastDose: "2023-09-30" }))).toBe("Off study drug since 2023-09-30");
  });

  it("gives both best overall responses, or why there is none", () => {
    const response = (r: Partial<SubjectResponse>) =>
      ({ notEvaluable: null, recomputed: { bor: "PD" }, signed: { bor: "PR" }, ...r }) as SubjectResponse;
    expect(subjectBor(response({}))).toEqual({ evaluable: true, recomputed: "PD", signed: "PR" });
    expect(subjectBor(response({ notEvaluable: "no baseline" }))).toEqual({ evaluable: false, why: "no baseline" });
    expect(subjectBor(undefined)).toEqual({ evaluable: false, why: "no assessment" });
  });
});
