import { describe, expect, it } from "vitest";
import {
  exposureSubjectsHref,
  listingColumnHref,
  medicationHref,
  parseMedicationQuery,
  subjectStudyDrugHref,
} from "./query";

const B = "/studies/c/ONC-101/medications";

describe("the medications section's URL", () => {
  it.each([
    ["", { drug: undefined, ongoing: false }],
    ["drug=Aspirin&ongoing=1", { drug: "Aspirin", ongoing: true }],
    ["drug=&ongoing=yes", { drug: undefined, ongoing: false }],
    [`drug=${"x".repeat(201)}`, { drug: undefined, ongoing: false }],
    // One kind of record; anything else is every record.
    ["kind=study-drug", { drug: undefined, ongoing: false, kind: "study-drug" }],
    ["kind=concomitant&ongoing=1", { drug: undefined, ongoing: true, kind: "concomitant" }],
    ["kind=Study-Drug", { drug: undefined, ongoing: false, kind: undefined }],
  ])("the query of %j", (search, expected) => {
    expect(parseMedicationQuery(new URLSearchParams(search))).toEqual(expected);
  });

  it("a filter of the listing starts its table afresh, at the listing", () => {
    expect(medicationHref(B, { ongoing: false })).toBe(`${B}#medication-listing`);
    expect(medicationHref(B, { drug: "Zalvotinib 25 MG", ongoing: true })).toBe(
      `${B}?drug=Zalvotinib+25+MG&ongoing=1#medication-listing`,
    );
    expect(listingColumnHref(B, "note", "=x")).toBe(`${B}?med_f_note=%3Dx#medication-listing`);
    expect(medicationHref(B, { ongoing: true, kind: "study-drug" })).toBe(
      `${B}?ongoing=1&kind=study-drug#medication-listing`,
    );
    expect(subjectStudyDrugHref(B, "S 1")).toBe(`${B}?kind=study-drug&med_f_subject=%3DS+1#medication-listing`);
    expect(exposureSubjectsHref(B, "doseChanges", ">0")).toBe(`${B}?exp_f_doseChanges=%3E0#exposure-subjects`);
  });
});
