/** The study's own AE aggregates on the study of ae-test-fixture.ts, worked out by hand, and their pauses. */
import { describe, expect, it } from "vitest";
import { aeAggregates, aeAggregatesSliced } from "./aggregates";
import { EVENTS, MEMBERS, PATIENTS } from "./test-fixture";

const input = { members: MEMBERS, patients: PATIENTS, events: EVENTS };

describe("aeAggregates", () => {
  it("gives the fixture's overview, report, listing and the sets a query is checked against", () => {
    const a = aeAggregates(input);
    expect(a.overview).toEqual({ n: 5, any: 4, gradeAtLeast3: 2, grade5: 1, related: 3, ongoing: 1, events: 8 });
    // Headache: A (worst 3), B (ungraded), E outside; Nausea: B (2), C (5); Rash: D (ungraded), k9 of no one.
    expect(a.report.rows.map((r) => [r.term, r.counts.any])).toEqual([
      ["Headache", 2],
      ["Nausea", 2],
      ["Rash", 1],
    ]);
    expect(a.rows.map((r) => r.key)).toEqual(["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10"]);
    // k1: 2024-01-10 to 2024-01-12, both days count; k5 ends before it starts.
    expect(a.rows[0].durationDays).toBe(3);
    expect(a.rows[4].durationDays).toBeNull();
    expect(a.rows[4].flags).toContain("End before start");
    expect(a.quality.duplicates).toBe(1);
    expect(a.quality.mixedGrades).toBe(2);
    expect([...a.terms].sort()).toEqual(["Headache", "Nausea", "Rash"]);
    expect([...a.subjects].sort()).toEqual(["A", "B", "C", "D", "E"]);
  });

  it("pauses after each of its five aggregates before giving them", () => {
    const work = aeAggregatesSliced(input);
    let pauses = 0;
    while (work.next().done === false) pauses++;
    expect(pauses).toBe(5);
  });
});
