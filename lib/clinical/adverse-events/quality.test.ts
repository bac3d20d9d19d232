/** The data notes' counts, on the study of ae-test-fixture.ts, worked out by hand. */
import { describe, expect, it } from "vitest";
import { aeListingRows } from "./listing";
import { aeQuality } from "./quality";
import { aeStudy } from "./study";
import { EVENTS, MEMBERS, PATIENTS } from "./test-fixture";

describe("aeQuality", () => {
  it("counts every oddity of the fixture", () => {
    // k6 graded with CTCAE 4.03, k9 with no version; the others 5.0 (the k2 copy is not counted).
    const VERSION: Record<string, string | null> = { k6: "4.03", k9: null };
    const events = EVENTS.map((e) => (e.key in VERSION ? { ...e, ctcaeVersion: VERSION[e.key] } : e));
    const study = aeStudy({ members: MEMBERS, patients: PATIENTS, events });
    expect(aeQuality(study, aeListingRows(study))).toEqual({
      duplicates: 1, // k2 sent twice
      // k8 (E, not a member) and k9, which names no Patient: one subject outside the Group, not two.
      outside: { events: 2, subjects: 1, noSubject: 1 },
      membersWithoutPatient: 1, // S5
      ungraded: 4, // k3, k4, k7, k10
      endBeforeStart: 1, // k5
      noStart: 1, // k9
      ctcaeVersions: [
        { version: "5.0", events: 8 },
        { version: "4.03", events: 1 },
        { version: null, events: 1 },
      ],
      mixedGrades: 2, // A's Headache (1, 3, none), C's Nausea (5, none)
      unreadableEnd: 0,
      // No first dose is given: every member's event (k1-k7, k10: 8 of A, B, C, D) has no known first dose.
      noFirstDose: { events: 8, subjects: 4 },
      teaeNoStart: 0,
      // "Rash" is no CTCAE v5.0 term (it has "Rash maculo-papular"...): one term, one member's event (k10; k9 is
      // of no member). Headache and Nausea are CTCAE v5.0 terms.
      unmapped: { terms: 1, events: 1 },
    });
  });

  it("counts the members' events without a first dose, those without a start counted as TEAE, unreadable ends", () => {
    // First doses: A 2024-02-01, B 2024-01-01, C none, D 2024-05-01; E (not a member) 2022-01-01.
    const firstDoses = new Map<string, string | null>([
      ["A", "2024-02-01"],
      ["B", "2024-01-01"],
      ["C", null],
      ["D", "2024-05-01"],
      ["E", "2022-01-01"],
    ]);
    // k3 (A) loses its start and gets an unreadable end; k10 (D) loses its start, ends 2024-04-30 (before D's first
    // dose); k9 (no subject, no start) is not a member's.
    const events = EVENTS.map((e) => {
      if (e.key === "k3") return { ...e, start: null, unreadableEnd: "31/02/2024" };
      if (e.key === "k10") return { ...e, start: null, end: "2024-04-30" };
      return e;
    });
    const study = aeStudy({ members: MEMBERS, patients: PATIENTS, events, firstDoses });
    expect(aeQuality(study, aeListingRows(study))).toMatchObject({
      unreadableEnd: 1, // k3
      noFirstDose: { events: 2, subjects: 1 }, // C's k6 and k7
      // k3: no start, its end unknown: treatment-emergent; k10: no start but ends the day before D's first dose.
      teaeNoStart: 1,
    });
  });
});
