/**
 * The reviewer's queue across record types (docs/review.md, Your queue), its rules on places made by hand: the next
 * place is the first after the one the reviewer is at with records to review, the place they are at last; a place
 * the address does not name goes on from its record type's first; each place opens its records not reviewed, else
 * those changed since reviewed, filtered to that status in its listing.
 */
import { describe, expect, it } from "vitest";
import type { StatusCounts } from "@/lib/review/review-counts";
import { nextPlace, placeAt, placeHref, placeWords, type QueuePlace } from "./queue";

const counts = (open: number, changed = 0): StatusCounts => ({ "not-reviewed": open, changed, reviewed: 5 });
const place = (recordType: QueuePlace["recordType"], group: string, c: StatusCounts): QueuePlace => ({
  recordType,
  group,
  label: `${recordType} ${group}`.trim(),
  counts: c,
});

const AE = place("AdverseEvent", "", counts(0));
const ALT = place("laboratory", "code:ALT", counts(2));
const AST = place("laboratory", "code:AST", counts(0));
const PULSE = place("vital-signs", JSON.stringify(["Pulse", "beats/min", "number"]), counts(0, 1));
const CM = place("MedicationStatement", "", counts(0));
const S1 = place("DiagnosticReport", "S-1", counts(0));
const S2 = place("DiagnosticReport", "S-2", counts(3));
const PLACES = [AE, ALT, AST, PULSE, CM, S1, S2];

describe("the queue's next place", () => {
  it("goes on from the place the reviewer is at to the next with records to review", () => {
    expect(nextPlace(PLACES, null)).toBe(ALT);
    expect(nextPlace(PLACES, { recordType: "AdverseEvent", group: "" })).toBe(ALT);
    expect(nextPlace(PLACES, { recordType: "laboratory", group: "code:ALT" })).toBe(PULSE);
    expect(nextPlace(PLACES, { recordType: "vital-signs", group: PULSE.group })).toBe(S2);
  });

  it("comes back to the queue's start after its last place, and to the place the reviewer is at last", () => {
    expect(nextPlace(PLACES, { recordType: "DiagnosticReport", group: "S-2" })).toBe(ALT);
    const onlyHere = [AE, place("laboratory", "code:ALT", counts(0)), S2];
    expect(nextPlace(onlyHere, { recordType: "DiagnosticReport", group: "S-2" })).toBe(S2);
  });

  it("goes on from a record type's first place where the address names none of its places", () => {
    expect(nextPlace(PLACES, { recordType: "laboratory", group: null })).toBe(ALT);
    expect(nextPlace(PLACES, { recordType: "DiagnosticReport", group: "S-9" })).toBe(S2);
  });

  it("is empty where no place has a record to review", () => {
    expect(nextPlace([AE, AST, CM, S1], null)).toBeNull();
    expect(nextPlace([], { recordType: "AdverseEvent", group: "" })).toBeNull();
  });
});

describe("the place a table is at", () => {
  it("reads the test, the vital sign or the subject from the page's address", () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(placeAt("AdverseEvent", q("ev_f_review=x"), undefined)).toEqual({ recordType: "AdverseEvent", group: "" });
    expect(placeAt("laboratory", q("test=code%3AALT"), undefined)).toEqual({
      recordType: "laboratory",
      group: "code:ALT",
    });
    expect(placeAt("laboratory", q("at=Cycle+1"), undefined)).toEqual({ recordType: "laboratory", group: null });
    expect(placeAt("vital-signs", q("item=Pulse&unit=beats%2Fmin"), undefined)?.group).toBe(PULSE.group);
    expect(placeAt("vital-signs", q("item=Posture&text=1"), undefined)?.group).toBe('["Posture",null,"text"]');
    expect(placeAt("vital-signs", q("item=Score&unit="), undefined)?.group).toBe('["Score",null,"number"]');
    expect(placeAt("DiagnosticReport", q(""), "S-2")).toEqual({ recordType: "DiagnosticReport", group: "S-2" });
    expect(placeAt("Patient", q(""), "S-2")).toBeNull();
  });
});

describe("where a place opens", () => {
  it("opens its records not reviewed, else those changed since reviewed, in its listing", () => {
    const study = "/studies/c1/ONC-101";
    expect(placeHref(study, S2)).toBe(
      "/studies/c1/ONC-101/tumour-response/subjects/S-2?as_f_review=%3DNot+reviewed#response-assessments",
    );
    expect(placeHref(study, place("AdverseEvent", "", counts(0, 4)))).toBe(
      "/studies/c1/ONC-101/adverse-events?ev_f_review=%3DChanged+since+reviewed#ae-listing",
    );
    expect(placeWords(place("MedicationStatement", "", counts(1_200, 3)))).toBe(
      "MedicationStatement: 1,200 not reviewed and 3 changed since reviewed",
    );
  });
});
