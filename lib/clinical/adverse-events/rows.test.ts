import { describe, expect, it } from "vitest";
import type { AdverseEventResource } from "@/partner-api/resources";
import { adverseEventRow, isRelated, isRelatedUnder } from "./rows";

const SB = "https://sb.test/StructureDefinition";
const CTC = "https://sb.test/ctcae";

/** An AdverseEvent as docs/partner-service.md shows it. */
const ae = (extension: { url: string; [k: string]: unknown }[], over: Partial<AdverseEventResource> = {}) =>
  ({
    resourceType: "AdverseEvent",
    id: "101-0001",
    extension,
    identifier: { system: `${SB}/`, value: "ONC-101-MRN1-2-1" },
    event: { coding: [{ system: `${CTC}/term`, display: "Headache" }] },
    subject: { reference: "Patient/101-0001" },
    date: "2024-03-05T09:30:00",
    outcome: { coding: [{ code: "resolved", display: "Resolved" }] },
    suspectEntity: [{ causality: [{ assessment: { coding: [{ display: "Possible" }] }, productRelatedness: "Zal" }] }],
    ...over,
  }) as AdverseEventResource;

const FULL = [
  { url: `${SB}#SponsorID`, valueString: "SP-1" },
  { url: `${SB}#StartDate`, valueString: "03/05/2024" },
  { url: `${SB}#EndDate`, valueString: "03/09/2024" },
  { url: `${SB}#AdverseEventSequenceNumber`, valueInteger: 1 },
  { url: `${SB}#VerifiedIndicator`, valueInteger: 1 },
  { url: `${CTC}#Grade`, valueInteger: 3 },
  { url: CTC, valueDecimal: 5 },
  { url: `${SB}#AEOngoing`, valueInteger: 0 },
];

describe("adverseEventRow", () => {
  it("reads every field the views show", () => {
    expect(adverseEventRow(ae(FULL))).toEqual({
      key: "ONC-101-MRN1-2-1",
      subjectId: "101-0001",
      sequence: 1,
      term: "Headache",
      grade: 3,
      ctcaeVersion: "5.0",
      start: "2024-03-05",
      end: "2024-03-09",
      ongoing: false,
      outcome: "Resolved",
      causality: "Possible",
      suspectProduct: "Zal",
      verified: true,
    });
  });

  it("keeps 4.03 as written, and an ongoing event without an end", () => {
    const ext = [
      { url: CTC, valueDecimal: 4.03 },
      { url: `${CTC}#Grade`, valueInteger: 2 },
      { url: `${SB}#AEOngoing`, valueInteger: 1 },
    ];
    expect(adverseEventRow(ae(ext))).toMatchObject({ ctcaeVersion: "4.03", grade: 2, ongoing: true, end: null });
  });

  it("leaves missing values null, never guessed", () => {
    const row = adverseEventRow(ae([], { date: undefined, outcome: undefined, suspectEntity: undefined, event: {} }));
    expect(row).toMatchObject({
      term: "(no term)",
      grade: null,
      ctcaeVersion: null,
      start: null,
      end: null,
      ongoing: null,
      outcome: null,
      causality: null,
      suspectProduct: null,
      verified: null,
      sequence: null,
    });
  });

  it("takes the start from #StartDate when `date` is missing, and refuses a grade outside 1-5", () => {
    const ext = [
      { url: `${SB}#StartDate`, valueString: "12/31/2023" },
      { url: `${CTC}#Grade`, valueInteger: 7 },
    ];
    expect(adverseEventRow(ae(ext, { date: undefined }))).toMatchObject({ start: "2023-12-31", grade: null });
  });

  it("keeps an end date that is no date as sent: an unknown end, not an open one", () => {
    const ext = (end: string) => [{ url: `${SB}#EndDate`, valueString: end }];
    expect(adverseEventRow(ae(ext("02/30/2024")))).toMatchObject({ end: null, unreadableEnd: "02/30/2024" });
    expect(adverseEventRow(ae(ext("unknown")))).toMatchObject({ end: null, unreadableEnd: "unknown" });
    // A readable end, or none sent, leaves it undefined.
    expect(adverseEventRow(ae(ext("02/29/2024"))).unreadableEnd).toBeUndefined();
    expect(adverseEventRow(ae([])).unreadableEnd).toBeUndefined();
  });
});

describe("isRelated (WHO-UMC categories that say at least possibly caused)", () => {
  it.each([
    ["Certain", true],
    ["Probably/Likely", true],
    ["Possible", true],
    ["Unlikely", false],
    ["Conditional/Classified", false],
    ["Unassessable/Unclassifiable", false],
    [null, false],
  ])("%s: %s", (causality, related) => expect(isRelated(causality)).toBe(related));
});

describe("isRelatedUnder (the conservative reading adds what leaves the question open)", () => {
  it.each([
    ["Certain", true, true],
    ["Probably/Likely", true, true],
    ["possible", true, true],
    ["Unlikely", false, false],
    ["Conditional/Classified", false, true],
    ["Unassessable/Unclassifiable", false, true],
    ["UNASSESSABLE", false, true],
    [null, false, true],
  ])("%s: as assessed %s, conservative %s", (causality, assessed, conservative) => {
    expect(isRelatedUnder(causality, "assessed")).toBe(assessed);
    expect(isRelatedUnder(causality, "conservative")).toBe(conservative);
  });
});
