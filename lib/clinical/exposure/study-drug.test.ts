import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "../adverse-events/rows";
import { investigationalProducts, isStudyMedication } from "./study-drug";

describe("isStudyMedication", () => {
  it.each([
    ["Zalvotinib 100 MG Oral Capsule", "Prescription", true],
    ["zalvotinib 25 mg oral capsule", "Patient reported", true],
    ["Tervimab 10 MG/ML Injectable Solution", "Administered in clinic", false],
    ["ondansetron 8 MG Oral Tablet", "Prescription", false],
    ["Drug X", "Study drug", true],
    ["Drug X", "Investigational product", true],
    ["Drug X", "Study drugstore", false],
    ["Drug X", null, false],
  ])("%s given as %s: %s", (drug, sourceType, expected) => {
    expect(isStudyMedication({ drug, sourceType }, ["zalvotinib"])).toBe(expected);
  });
});

describe("investigationalProducts", () => {
  it("takes the distinct suspect products of the study's adverse events, ignoring blanks and scraps", () => {
    const aes = ["Zalvotinib", "zalvotinib ", null, "", "X1", "Tervimab"].map(
      (suspectProduct) => ({ suspectProduct }) as AdverseEventRow,
    );
    expect(investigationalProducts(aes)).toEqual(["tervimab", "zalvotinib"]);
  });
});
