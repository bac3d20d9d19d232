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
    });
  });
});
