/**
 * The listing's rows and the filters a count opens, on the study of ae-test-fixture.ts; expected rows worked out
 * by hand (docs/clinical-rules.md, Adverse events in a study).
 */
import { describe, expect, it } from "vitest";
import { aeListingRows, filterListing, subjectsOf } from "./listing";
import { type AeListingFilter, NO_LISTING_FILTER } from "./listing-filter";
import { aeStudy } from "./study";
import { EVENTS, MEMBERS, PATIENTS } from "./test-fixture";

const study = aeStudy({ members: MEMBERS, patients: PATIENTS, events: EVENTS });
const rows = aeListingRows(study);
const byKey = new Map(rows.map((r) => [r.key, r]));

describe("aeListingRows", () => {
  const cases: [string, number | null, boolean, string[]][] = [
    // A's Headache has grades 1 and 3 and one event without a grade: each of its events is flagged.
    ["k1", 3, false, ["Graded and ungraded"]], // 10 to 12 January: three days
    ["k2", 1, true, ["Graded and ungraded"]], // starts and ends on one day: one day
    ["k3", null, false, ["No grade", "Graded and ungraded"]], // no end
    ["k4", 2, false, ["No grade"]], // B's only Headache event: ungraded, not mixed
    ["k6", 3, false, ["Graded and ungraded"]], // C's Nausea: grade 5 and ungraded
    ["k7", null, false, ["No grade", "Graded and ungraded"]],
    ["k5", null, true, ["End before start"]], // 10 to 8 February
    ["k8", null, true, ["Not in the Group"]],
    ["k9", null, false, ["No start date", "Not in the Group"]],
    ["k10", null, true, ["No grade"]], // D's only Rash event
  ];
  it.each(cases)("%s: duration %s, related %s, flags %j", (key, duration, related, flags) => {
    expect(byKey.get(key)).toMatchObject({ durationDays: duration, related, flags });
  });
});

describe("filterListing", () => {
  const f = (over: Partial<AeListingFilter>) => ({ ...NO_LISTING_FILTER, ...over });
  const cases: [string, AeListingFilter, string[], string[]][] = [
    ["no filter: every distinct event", f({}), ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10"], []],
    ["the Group's events", f({ scope: "group" }), ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k10"], []],
    ["the others", f({ scope: "outside" }), ["k8", "k9"], []],
    ["a term, all of its events", f({ term: "Headache" }), ["k1", "k2", "k3", "k4", "k8"], []],
    // The Headache grade 3 cell: A's worst of Headache is 3; all of A's Headache events show why.
    ["Headache, worst grade 3", f({ scope: "group", term: "Headache", worst: 3 }), ["k1", "k2", "k3"], ["A"]],
    ["Headache, grade missing", f({ scope: "group", term: "Headache", worst: "missing" }), ["k4"], ["B"]],
    ["Nausea, worst grade 5", f({ scope: "group", term: "Nausea", worst: 5 }), ["k6", "k7"], ["C"]],
    ["Headache, worst grade 4 (E is not a member)", f({ scope: "group", term: "Headache", worst: 4 }), [], []],
    // The overview's lines: the events behind them, whose subjects are the line's n.
    ["grade >= 3", f({ scope: "group", grade: "ge3" }), ["k2", "k6"], ["A", "C"]],
    ["grade 5", f({ scope: "group", grade: 5 }), ["k6"], ["C"]],
    ["related", f({ scope: "group", related: true }), ["k2", "k5", "k10"], ["A", "B", "D"]],
    ["ongoing", f({ scope: "group", ongoing: true }), ["k5"], ["B"]],
    ["no grade", f({ grade: "missing" }), ["k3", "k4", "k7", "k10"], ["A", "B", "C", "D"]],
    ["worst over all terms: 5", f({ scope: "group", worst: 5 }), ["k6", "k7"], ["C"]],
    // Subgroup cells: Female members are A and C.
    ["Female, Nausea", f({ scope: "group", term: "Nausea", subgroup: { sex: "Female" } }), ["k6", "k7"], ["C"]],
    ["Female, grade >= 3", f({ subgroup: { sex: "Female" }, grade: "ge3" }), ["k2", "k6"], ["A", "C"]],
    ["age Unknown, Rash", f({ term: "Rash", subgroup: { age: "Unknown" } }), ["k10"], ["D"]],
    ["a subgroup value nobody has", f({ subgroup: { race: "Other Race" } }), [], []],
    // A subject list's count: every event of that subject, the copy of k2 counted once.
    ["subject B", f({ subject: "B" }), ["k4", "k5"], ["B"]],
    ["subject A, grade >= 3", f({ subject: "A", grade: "ge3" }), ["k2"], ["A"]],
    ["subject E (outside the Group) is still listed", f({ subject: "E" }), ["k8"], ["E"]],
    // The data notes' counts: k5 ends before it starts, k9 has no start date (both members' or not).
    ["flag: end before start", f({ flag: "end-before-start" }), ["k5"], ["B"]],
    ["flag: no start date", f({ flag: "no-start" }), ["k9"], []],
    // The two subject-term pairs of the data note: A's Headache and C's Nausea, all of their events.
    ["flag: graded and ungraded", f({ flag: "mixed-grades" }), ["k1", "k2", "k3", "k6", "k7"], ["A", "C"]],
    ["CTCAE 5.0: every event of the fixture", f({ ctcae: "5.0", scope: "outside" }), ["k8", "k9"], ["E"]],
    ["CTCAE 4.03: none", f({ ctcae: "4.03" }), [], []],
    ["no CTCAE version: none", f({ ctcae: "none" }), [], []],
  ];
  it.each(cases)("%s", (_name, filter, keys, subjects) => {
    const chosen = filterListing(study, rows, filter);
    expect(chosen.map((r) => r.key)).toEqual(keys);
    if (subjects.length || keys.length === 0) expect(subjectsOf(chosen)).toEqual(subjects);
  });
});
