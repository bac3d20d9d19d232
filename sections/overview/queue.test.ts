/**
 * The reviewer's queue across record types (docs/review.md, Your queue), its rules on places made by hand: each place
 * is two steps, its records not reviewed then those changed since reviewed; the next step is the first after the one
 * the reviewer is at with records, the step they are at last; a place the address does not name goes on from before
 * its record type's first place (where the type has none, from where it would be); each step opens its place's
 * records of its status, filtered to that status in its listing, and its words count those records only.
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

const open = (p: QueuePlace) => ({ place: p, status: "not-reviewed" });
const changed = (p: QueuePlace) => ({ place: p, status: "changed" });
const at = (p: QueuePlace, status: "not-reviewed" | "changed" = "not-reviewed") => ({
  recordType: p.recordType,
  group: p.group,
  status,
});

describe("the queue's next step", () => {
  it("goes on from the step the reviewer is at to the next with records", () => {
    expect(nextPlace(PLACES, null)).toEqual(open(ALT));
    expect(nextPlace(PLACES, at(AE))).toEqual(open(ALT));
    expect(nextPlace(PLACES, at(ALT))).toEqual(changed(PULSE));
    expect(nextPlace(PLACES, at(PULSE, "changed"))).toEqual(open(S2));
  });

  it("visits a place's records not reviewed, then its records changed since reviewed", () => {
    const both = place("MedicationStatement", "", counts(4, 2));
    expect(nextPlace([AE, both], at(AE))).toEqual(open(both));
    expect(nextPlace([AE, both], at(both))).toEqual(changed(both));
    expect(nextPlace(PLACES, at(PULSE))).toEqual(changed(PULSE));
    // From its changed records, back to those passed over among its records not reviewed, once nothing else is left.
    expect(nextPlace([AE, both], at(both, "changed"))).toEqual(open(both));
  });

  it("comes back to the queue's start after its last step, and to the step the reviewer is at last", () => {
    expect(nextPlace(PLACES, at(S2))).toEqual(open(ALT));
    const onlyHere = [AE, place("laboratory", "code:ALT", counts(0)), S2];
    expect(nextPlace(onlyHere, at(S2))).toEqual(open(S2));
  });

  it("goes on from before a record type's first place where the address names none of its places", () => {
    expect(nextPlace(PLACES, { recordType: "laboratory", group: null, status: "not-reviewed" })).toEqual(open(ALT));
    expect(nextPlace(PLACES, { recordType: "DiagnosticReport", group: "S-9", status: "changed" })).toEqual(open(S2));
  });

  it("goes on from where a record type's places would be where it has none", () => {
    const noTests = [place("AdverseEvent", "", counts(1)), place("MedicationStatement", "", counts(2)), S1];
    expect(nextPlace(noTests, { recordType: "laboratory", group: null, status: "not-reviewed" })).toEqual(
      open(noTests[1]),
    );
    expect(nextPlace(noTests, { recordType: "vital-signs", group: "x", status: "changed" })).toEqual(open(noTests[1]));
    const eventsOnly = [place("AdverseEvent", "", counts(1))];
    expect(nextPlace(eventsOnly, { recordType: "DiagnosticReport", group: "S-1", status: "not-reviewed" })).toEqual(
      open(eventsOnly[0]),
    );
  });

  it("is empty where no place has a record to review", () => {
    expect(nextPlace([AE, AST, CM, S1], null)).toBeNull();
    expect(nextPlace([], { recordType: "AdverseEvent", group: "", status: "not-reviewed" })).toBeNull();
  });
});

describe("the place a table is at", () => {
  it("reads the test, the vital sign or the subject from the page's address, and its review filter", () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(placeAt("AdverseEvent", q("ev_f_review=x"), undefined)).toEqual({
      recordType: "AdverseEvent",
      group: "",
      status: "not-reviewed",
    });
    expect(placeAt("laboratory", q("test=code%3AALT"), undefined)).toEqual({
      recordType: "laboratory",
      group: "code:ALT",
      status: "not-reviewed",
    });
    expect(placeAt("laboratory", q("at=Cycle+1"), undefined)?.group).toBeNull();
    expect(placeAt("vital-signs", q("item=Pulse&unit=beats%2Fmin"), undefined)?.group).toBe(PULSE.group);
    expect(placeAt("vital-signs", q("item=Posture&text=1"), undefined)?.group).toBe('["Posture",null,"text"]');
    expect(placeAt("vital-signs", q("item=Score&unit="), undefined)?.group).toBe('["Score",null,"number"]');
    expect(placeAt("DiagnosticReport", q(""), "S-2")).toEqual({
      recordType: "DiagnosticReport",
      group: "S-2",
      status: "not-reviewed",
    });
    expect(placeAt("Patient", q(""), "S-2")).toBeNull();
  });

  it("is at a place's changed records where its listing is filtered to them", () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(placeAt("AdverseEvent", q("ev_f_review=%3DChanged+since+reviewed"), undefined)?.status).toBe("changed");
    expect(placeAt("laboratory", q("test=t&res.f_review=%3DChanged+since+reviewed"), undefined)?.status).toBe(
      "changed",
    );
    expect(placeAt("AdverseEvent", q("ev_f_review=%3DReviewed"), undefined)?.status).toBe("not-reviewed");
    expect(placeAt("AdverseEvent", q("ev_f_term=%3DChanged+since+reviewed"), undefined)?.status).toBe("not-reviewed");
  });
});

describe("where a step opens", () => {
  it("opens its place's records of its status in their listing, and counts those only", () => {
    const study = "/studies/c1/ONC-101";
    expect(placeHref(study, { place: S2, status: "not-reviewed" })).toBe(
      "/studies/c1/ONC-101/tumour-response/subjects/S-2?as_f_review=%3DNot+reviewed#response-assessments",
    );
    expect(placeHref(study, { place: place("AdverseEvent", "", counts(0, 4)), status: "changed" })).toBe(
      "/studies/c1/ONC-101/adverse-events?ev_f_review=%3DChanged+since+reviewed#ae-listing",
    );
    const both = place("MedicationStatement", "", counts(1_200, 3));
    expect(placeWords({ place: both, status: "not-reviewed" })).toBe("MedicationStatement: 1,200 not reviewed");
    expect(placeWords({ place: both, status: "changed" })).toBe("MedicationStatement: 3 changed since reviewed");
  });
});
