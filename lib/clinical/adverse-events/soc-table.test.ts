/**
 * The table by system organ class, on a study worked out by hand (docs/clinical-rules.md, System organ class):
 *
 *   member  events (term, grade)                         SOC of the terms (CTCAE v5.0)
 *   P1      Nausea 1, Vomiting 3                         both Gastrointestinal disorders
 *   P2      Nausea 2, Diarrhea -, Headache 1             GI, GI, Nervous system disorders
 *   P3      Decreased appetite 2                         no CTCAE v5.0 term: Unmapped
 *   N = 4 (P4 has no event)
 */
import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "./rows";
import { aeBySoc, groupBySoc, socOf } from "./soc-table";
import { aeStudy } from "./study";
import { aeByTerm } from "./summary";
import { DEFAULT_TERM_ORDER, orderTerms } from "./term-order";

const ae = (key: string, subjectId: string, term: string, grade: AdverseEventRow["grade"]): AdverseEventRow => ({
  key,
  subjectId,
  sequence: 1,
  term,
  grade,
  ctcaeVersion: "5.0",
  start: "2024-01-01",
  end: null,
  ongoing: null,
  outcome: null,
  causality: null,
  suspectProduct: null,
  verified: null,
});
const patient = (id: string) => ({
  subjectId: id,
  subjectStudyNumber: `N${id}`,
  sex: null,
  birthYear: null,
  race: null,
  ethnicity: null,
  sponsorStudyNumber: null,
});
const study = aeStudy({
  members: ["NP1", "NP2", "NP3", "NP4"],
  patients: ["P1", "P2", "P3", "P4"].map(patient),
  events: [
    ae("e1", "P1", "Nausea", 1),
    ae("e2", "P1", "Vomiting", 3),
    ae("e3", "P2", "Nausea", 2),
    ae("e4", "P2", "Diarrhea", null),
    ae("e5", "P2", "Headache", 1),
    ae("e6", "P3", "Decreased appetite", 2),
  ],
});
const GI = "Gastrointestinal disorders";
const NS = "Nervous system disorders";

describe("aeBySoc", () => {
  it("counts each subject once per class, at its worst grade within it", () => {
    const counts = new Map(aeBySoc(study, null).rows.map((r) => [r.term, r]));
    // GI: P1 (1 and 3: at 3), P2 (2 and ungraded: at 2, graded and ungraded). 2 subjects, not 4 term-subjects.
    expect(counts.get(GI)).toMatchObject({ events: 4, mixed: 1, counts: { any: 2, g2: 1, g3: 1, ge3: 1, missing: 0 } });
    expect(counts.get(NS)).toMatchObject({ events: 1, counts: { any: 1, g1: 1 } });
    // "Decreased appetite" is a MedDRA term; CTCAE v5.0 calls it "Anorexia": unmapped, counted all the same.
    expect(counts.get("Unmapped")).toMatchObject({ events: 1, counts: { any: 1, g2: 1 } });
    expect(socOf("Decreased appetite")).toBe("Unmapped");
  });
});

describe("groupBySoc", () => {
  const report = aeByTerm(study, null);
  const bySoc = aeBySoc(study, null);
  const shape = (order = DEFAULT_TERM_ORDER) =>
    groupBySoc(bySoc, orderTerms(report, order), order).map((g) => [
      g.soc,
      g.row.counts.any,
      g.terms.map((t) => t.term),
    ]);

  it("puts the terms under their classes, classes by falling subjects, Unmapped last", () => {
    // Terms by falling subjects then name: Nausea 2, then Decreased appetite, Diarrhea, Headache, Vomiting (1 each).
    expect(shape()).toEqual([
      [GI, 2, ["Nausea", "Diarrhea", "Vomiting"]],
      [NS, 1, ["Headache"]],
      ["Unmapped", 1, ["Decreased appetite"]],
    ]);
  });

  it("orders the classes by the column the table is sorted by, Unmapped still last", () => {
    // Ascending by any grade: NS (1) before GI (2); Unmapped (1) kept last.
    expect(shape({ sort: "any", desc: false, minPercent: 0 }).map(([soc]) => soc)).toEqual([NS, GI, "Unmapped"]);
    // Grade 1 descending: NS (1: P2's Headache), GI (0: P1 is at 3, P2 at 2), Unmapped last.
    expect(shape({ sort: "g1", desc: true, minPercent: 0 }).map(([soc]) => soc)).toEqual([NS, GI, "Unmapped"]);
  });

  it("leaves out a class none of whose terms reaches the minimum, but counts all its terms in its line", () => {
    // Minimum 50 % of N = 4: only Nausea (2 of 4 = 50 %) is shown; GI's line still counts P1 and P2.
    expect(shape({ ...DEFAULT_TERM_ORDER, minPercent: 50 })).toEqual([[GI, 2, ["Nausea"]]]);
  });
});
