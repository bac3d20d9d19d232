/**
 * Treatment-emergent events, study days and the conservative reading of causality, on the study of test-fixture.ts
 * with its first doses (A 2024-02-01, B 2024-02-09, C none, D 2024-04-30, E 2022-06-01). Worked out by hand from
 * docs/clinical-rules.md (Treatment-emergent adverse events, What counts as related, Study day of an adverse event).
 */
import { describe, expect, it } from "vitest";
import { aeListingRows, filterListing } from "./listing";
import { type AeListingFilter, NO_LISTING_FILTER } from "./listing-filter";
import { aeStudy, treatmentEmergentOnly } from "./study";
import { aeByTerm, aeOverview } from "./summary";
import { EVENTS, FIRST_DOSES, MEMBERS, PATIENTS } from "./test-fixture";

const study = aeStudy({ members: MEMBERS, patients: PATIENTS, events: EVENTS, firstDoses: FIRST_DOSES });
const rows = aeListingRows(study);
const byKey = new Map(rows.map((r) => [r.key, r]));

describe("each event's TEAE status and study day", () => {
  const cases: [string, string, number | null][] = [
    // A: first dose 2024-02-01. k1 starts 2024-01-10, 22 days before: day -22 (there is no day 0).
    ["k1", "before-first-dose", -22],
    ["k2", "emergent", 1], // 2024-02-01: the day of the first dose is day 1, treatment-emergent
    ["k3", "emergent", 30], // 2024-03-01: 29 days after (February 2024 has 29 days), day 30
    // B: first dose 2024-02-09. k4 2023-12-05: 26 days to 31 Dec, 31 in January, 9 in February = 66 before.
    ["k4", "before-first-dose", -66],
    ["k5", "emergent", 2], // 2024-02-10, the day after
    ["k6", "no-first-dose", null], // C has no known first dose: no study day either
    ["k7", "no-first-dose", null],
    ["k8", "emergent", 1], // E (not a member), 2022-06-01
    ["k9", "no-first-dose", null], // names no Patient
    ["k10", "emergent", 2], // D: 2024-05-01, the day after 2024-04-30
  ];
  it.each(cases)("%s: %s, study day %s", (key, status, day) => {
    expect(byKey.get(key)).toMatchObject({ teae: status, studyDay: day });
  });
});

describe("the tables of the treatment-emergent events", () => {
  const teae = treatmentEmergentOnly(study);

  it("keep N and the subjects, and only the treatment-emergent events", () => {
    expect(teae.subjects).toBe(study.subjects);
    expect(teae.events.map((e) => e.key)).toEqual(["k2", "k3", "k5", "k8", "k10"]);
    expect(teae.inGroup).toEqual([true, true, true, false, true]);
  });

  it("count the overview of the members' treatment-emergent events", () => {
    // Members' TEAE: k2 (A, 3, Possible), k3 (A, -, Unlikely), k5 (B, 2, Certain, ongoing), k10 (D, -, Probably).
    expect(aeOverview(teae)).toEqual({ n: 5, any: 3, gradeAtLeast3: 1, grade5: 0, related: 3, ongoing: 1, events: 4 });
  });

  it("count the table by term: B's Headache (before the first dose) and C's Nausea (no first dose) are out", () => {
    const table = aeByTerm(teae, null);
    // Headache: A (3 and ungraded: at 3, mixed). Nausea: B (2). Rash: D (ungraded). One subject each: by name.
    expect(table.rows.map((r) => [r.term, r.counts.any, r.counts.g3, r.counts.g2, r.counts.missing, r.mixed])).toEqual([
      ["Headache", 1, 1, 0, 0, 1],
      ["Nausea", 1, 0, 1, 0, 0],
      ["Rash", 1, 0, 0, 1, 0],
    ]);
  });
});

describe("the conservative reading of causality", () => {
  it("adds the events with no assessment (and undecided ones) to the related line", () => {
    // As assessed: A (k2 Possible), B (k5 Certain), D (k10 Probably/Likely) = 3. Conservative: also C (k7, none).
    expect(aeOverview(study).related).toBe(3);
    expect(aeOverview(study, "conservative").related).toBe(4);
    expect(byKey.get("k7")).toMatchObject({ related: false, relatedConservative: true });
  });
});

describe("the listing's filters of the page's choices", () => {
  const f = (over: Partial<AeListingFilter>) => ({ ...NO_LISTING_FILTER, ...over });
  const cases: [string, AeListingFilter, string[]][] = [
    ["TEAE only, members' and others'", f({ teae: true }), ["k2", "k3", "k5", "k8", "k10"]],
    // The Headache grade 3 cell of the TEAE table: A's worst TEAE Headache is 3 (k1 is before the first dose).
    ["TEAE, Headache worst 3", f({ teae: true, scope: "group", term: "Headache", worst: 3 }), ["k2", "k3"]],
    // Without TEAE, B's Headache (k4, ungraded) is in the grade missing cell; with TEAE it is not.
    ["Headache grade missing", f({ scope: "group", term: "Headache", worst: "missing" }), ["k4"]],
    ["TEAE, Headache grade missing", f({ teae: true, scope: "group", term: "Headache", worst: "missing" }), []],
    ["related, as assessed", f({ scope: "group", related: true }), ["k2", "k5", "k10"]],
    [
      "related, conservative",
      f({ scope: "group", related: true, relatedness: "conservative" }),
      ["k2", "k5", "k7", "k10"],
    ],
    ["no first dose (the data note)", f({ scope: "group", flag: "no-first-dose" }), ["k6", "k7"]],
    ["a system organ class", f({ soc: "Gastrointestinal disorders" }), ["k5", "k6", "k7"]],
    ["the unmapped terms: Rash is no CTCAE v5.0 term", f({ soc: "Unmapped" }), ["k9", "k10"]],
    // The SOC row's grade 5 cell: C's worst within the class is 5.
    ["a SOC's worst grade", f({ scope: "group", soc: "Gastrointestinal disorders", worst: 5 }), ["k6", "k7"]],
  ];
  it.each(cases)("%s", (_name, filter, keys) => {
    expect(filterListing(study, rows, filter).map((r) => r.key)).toEqual(keys);
  });
});

describe("an end date that is no date", () => {
  // k1 (A, 2024-01-10) sent with the end "31/01/2024" (no MM/DD/YYYY date): an unknown end.
  const events = EVENTS.map((e) => (e.key === "k1" ? { ...e, end: null, unreadableEnd: "31/01/2024" } : e));
  const withUnreadable = aeStudy({ members: MEMBERS, patients: PATIENTS, events, firstDoses: FIRST_DOSES });
  const listed = aeListingRows(withUnreadable);

  it("is flagged, has no duration, and the data note's filter opens exactly it", () => {
    expect(listed[0]).toMatchObject({ key: "k1", durationDays: null, unreadableEnd: "31/01/2024" });
    expect(listed[0].flags).toContain("Unreadable end date");
    const f = { ...NO_LISTING_FILTER, flag: "unreadable-end" as const };
    expect(filterListing(withUnreadable, listed, f).map((r) => r.key)).toEqual(["k1"]);
  });

  it("leaves a start before the first dose not treatment-emergent: only a missing start reads the end", () => {
    expect(listed[0].teae).toBe("before-first-dose");
  });
});
