import { describe, expect, it } from "vitest";
import { listingColumnHref, medicationHref, parseMedicationQuery } from "./query";

const B = "/studies/c/ONC-101/medications";

describe("the medications section's URL", () => {
  it.each([
    ["", { drug: undefined, ongoing: false }],
    ["drug=Aspirin&ongoing=1", { drug: "Aspirin", ongoing: true }],
    ["drug=&ongoing=yes", { drug: undefined, ongoing: false }],
    [`drug=${"x".repeat(201)}`, { drug: undefined, ongoing: false }],
  ])("the query of %j", (search, expected) => {
    expect(parseMedicationQuery(new URLSearchParams(search))).toEqual(expected);
  });

  it("a filter of the listing starts its table afresh, at the listing", () => {
    expect(medicationHref(B, { ongoing: false })).toBe(`${B}#medication-listing`);
    expect(medicationHref(B, { drug: "Zalvotinib 25 MG", ongoing: true })).toBe(
      `${B}?drug=Zalvotinib+25+MG&ongoing=1#medication-listing`,
    );
    expect(listingColumnHref(B, "note", "=x")).toBe(`${B}?med_f_note=%3Dx#medication-listing`);
  });
});
