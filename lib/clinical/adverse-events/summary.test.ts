/**
 * The AE overview and the table by term and worst grade, on the study of ae-test-fixture.ts. Every expected
 * value is worked out by hand from docs/clinical-rules.md (Adverse events in a study), in the comments.
 */
import { describe, expect, it } from "vitest";
import { aeStudy, ageGroup, subgroupValues } from "./study";
import { aeByTerm, aeOverview, nPercent, percentOf } from "./summary";
import { chartTerms, orderTerms } from "./term-order";
import { EVENTS, MEMBERS, PATIENTS } from "./test-fixture";

const study = aeStudy({ members: MEMBERS, patients: PATIENTS, events: EVENTS });
const zero = { any: 0, g1: 0, g2: 0, g3: 0, g4: 0, g5: 0, ge3: 0, missing: 0 };

describe("aeStudy", () => {
  it("takes each member once, each key once, and tells the members' events from the others", () => {
    expect(study.subjects.map((s) => s.subjectId)).toEqual(["A", "B", "C", "D", null]);
    expect(study.duplicates).toBe(1);
    expect(study.events.map((e) => e.key)).toEqual(["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10"]);
    // The first k2 is kept (grade 3), not the copy (grade 5).
    expect(study.events[1].grade).toBe(3);
    expect(study.inGroup).toEqual([true, true, true, true, true, true, true, false, false, true]);
    // k8 (2022) is outside the Group; k4 (2023-12-05) is the members' earliest.
    expect(study.ageReferenceYear).toBe(2023);
  });

  it("computes ages at a reference year it is given (the whole study's, for a narrowed one)", () => {
    const given = aeStudy({ members: MEMBERS, patients: PATIENTS, events: EVENTS, ageReferenceYear: 2030 });
    expect(given.ageReferenceYear).toBe(2030);
    expect(aeStudy({ members: MEMBERS, patients: PATIENTS, events: [], ageReferenceYear: null }).ageReferenceYear).toBe(
      null,
    );
  });

  const ages: [number | null, number | null, string][] = [
    [1959, 2023, "Under 65"], // 64
    [1958, 2023, "65-74"], // 65
    [1949, 2023, "65-74"], // 74
    [1948, 2023, "75 and over"], // 75
    [null, 2023, "Unknown"],
    [1950, null, "Unknown"],
  ];
  it.each(ages)("born %s, at %s: %s", (birth, reference, group) => expect(ageGroup(birth, reference)).toBe(group));

  const subgroups: [Parameters<typeof subgroupValues>[1], { value: string; n: number }[]][] = [
    [
      "sex",
      [
        { value: "Female", n: 2 },
        { value: "Male", n: 2 },
        { value: "Not recorded", n: 1 },
      ],
    ],
    [
      "age",
      [
        { value: "Under 65", n: 1 },
        { value: "65-74", n: 1 },
        { value: "75 and over", n: 1 },
        { value: "Unknown", n: 2 },
      ],
    ],
    [
      "race",
      [
        { value: "White", n: 2 },
        { value: "Asian", n: 1 },
        { value: "Not recorded", n: 2 },
      ],
    ],
  ];
  it.each(subgroups)("subgroup %s: values and their N", (kind, values) =>
    expect(subgroupValues(study, kind)).toEqual(values),
  );
});

describe("aeOverview", () => {
  it("counts members' subjects once per line, and the members' events", () => {
    expect(aeOverview(study)).toEqual({
      n: 5,
      any: 4, // A, B, C, D (E and the k9 record are not members)
      gradeAtLeast3: 2, // A (k2, grade 3), C (k6, grade 5); E's grade 4 is outside
      grade5: 1, // C
      related: 3, // A (Possible), B (Certain), D (Probably/Likely)
      ongoing: 1, // B; D's flag is missing, not "ongoing"
      events: 8, // k1-k7 and k10
    });
  });

  it("counts nothing without events, N still the Group", () => {
    expect(aeOverview(aeStudy({ members: MEMBERS, patients: PATIENTS, events: [] }))).toEqual({
      n: 5,
      any: 0,
      gradeAtLeast3: 0,
      grade5: 0,
      related: 0,
      ongoing: 0,
      events: 0,
    });
  });
});

describe("aeByTerm", () => {
  it("puts each subject once per term at its worst grade, ungraded-only subjects under missing", () => {
    const table = aeByTerm(study, null);
    expect(table).toMatchObject({ n: 5, subgroup: null, subgroups: [] });
    expect(table.rows).toEqual([
      // A: grades 1, 3 and one without: worst 3 (and counted as mixed); B: only ungraded -> missing.
      { term: "Headache", events: 4, counts: { ...zero, any: 2, g3: 1, ge3: 1, missing: 1 }, mixed: 1, bySubgroup: [] },
      // B: grade 2; C: grade 5 and one without -> 5, mixed. Tied with Headache at 2: by name.
      { term: "Nausea", events: 3, counts: { ...zero, any: 2, g2: 1, g5: 1, ge3: 1 }, mixed: 1, bySubgroup: [] },
      // D: ungraded only; the k9 record names no Patient.
      { term: "Rash", events: 1, counts: { ...zero, any: 1, missing: 1 }, mixed: 0, bySubgroup: [] },
    ]);
  });

  const splits: [Parameters<typeof aeByTerm>[1], Record<string, { any: number; ge3: number }[]>][] = [
    // Female A, C; Male B, D; Not recorded S5.
    [
      "sex",
      {
        Headache: [
          { any: 1, ge3: 1 },
          { any: 1, ge3: 0 },
          { any: 0, ge3: 0 },
        ],
        Nausea: [
          { any: 1, ge3: 1 },
          { any: 1, ge3: 0 },
          { any: 0, ge3: 0 },
        ],
        Rash: [
          { any: 0, ge3: 0 },
          { any: 1, ge3: 0 },
          { any: 0, ge3: 0 },
        ],
      },
    ],
    // Under 65 B; 65-74 A; 75 and over C; Unknown D, S5.
    [
      "age",
      {
        Headache: [
          { any: 1, ge3: 0 },
          { any: 1, ge3: 1 },
          { any: 0, ge3: 0 },
          { any: 0, ge3: 0 },
        ],
        Nausea: [
          { any: 1, ge3: 0 },
          { any: 0, ge3: 0 },
          { any: 1, ge3: 1 },
          { any: 0, ge3: 0 },
        ],
        Rash: [
          { any: 0, ge3: 0 },
          { any: 0, ge3: 0 },
          { any: 0, ge3: 0 },
          { any: 1, ge3: 0 },
        ],
      },
    ],
  ];
  it.each(splits)("splits each term by %s", (kind, expected) => {
    const table = aeByTerm(study, kind);
    expect(Object.fromEntries(table.rows.map((r) => [r.term, r.bySubgroup]))).toEqual(expected);
    // The split adds columns; it changes no count.
    expect(table.rows.map((r) => r.counts)).toEqual(aeByTerm(study, null).rows.map((r) => r.counts));
  });
});

describe("orderTerms", () => {
  const bySex = aeByTerm(study, "sex");
  const cases: [string, Parameters<typeof orderTerms>[1], string[]][] = [
    ["the report's order", { sort: "any", desc: true, minPercent: 0 }, ["Headache", "Nausea", "Rash"]],
    // Headache and Nausea 2/5 = 40 %, Rash 1/5 = 20 %.
    ["at least 40 %", { sort: "any", desc: true, minPercent: 40 }, ["Headache", "Nausea"]],
    ["at least 40.1 %", { sort: "any", desc: true, minPercent: 40.1 }, []],
    [
      "missing, falling; ties in the report's order",
      { sort: "missing", desc: true, minPercent: 0 },
      ["Headache", "Rash", "Nausea"],
    ],
    ["grade 5, rising", { sort: "g5", desc: false, minPercent: 0 }, ["Headache", "Rash", "Nausea"]],
    ["term, falling", { sort: "term", desc: true, minPercent: 0 }, ["Rash", "Nausea", "Headache"]],
    ["female grade >= 3, rising", { sort: "ge3:Female", desc: false, minPercent: 0 }, ["Rash", "Headache", "Nausea"]],
    [
      "an unknown column: the report's order",
      { sort: "ge3:Nobody", desc: false, minPercent: 0 },
      ["Headache", "Nausea", "Rash"],
    ],
  ];
  it.each(cases)("%s", (_name, order, terms) => expect(orderTerms(bySex, order).map((r) => r.term)).toEqual(terms));
});

describe("chartTerms", () => {
  const report = aeByTerm(study, null);
  // Headache and Nausea 2/5 = 40 %, Rash 1/5 = 20 %; the report's order, the most frequent first.
  const cases: [string, number, number, string[], number][] = [
    ["every term", 0, 20, ["Headache", "Nausea", "Rash"], 3],
    ["the two most frequent", 0, 2, ["Headache", "Nausea"], 3],
    ["at least 20 %: every term", 20, 20, ["Headache", "Nausea", "Rash"], 3],
    ["at least 20.01 %: Rash is left out", 20.01, 20, ["Headache", "Nausea"], 2],
    ["at least 40 %, at most one", 40, 1, ["Headache"], 2],
    ["at least 41 %: none", 41, 20, [], 0],
  ];
  it.each(cases)("%s", (_name, min, most, terms, kept) => {
    const got = chartTerms(report, min, most);
    expect([got.rows.map((r) => r.term), got.kept, got.of]).toEqual([terms, kept, 3]);
  });
});

describe("n (%)", () => {
  const cases: [number, number, number | null, string][] = [
    [1, 40, 2.5, "1 (2.5%)"],
    [2, 3, 66.7, "2 (66.7%)"],
    [1, 8, 12.5, "1 (12.5%)"],
    [40, 40, 100, "40 (100.0%)"],
    [0, 5, 0, "0"],
    [1, 0, null, "1"],
  ];
  it.each(cases)("%i of %i", (n, of, p, text) => {
    expect(percentOf(n, of)).toBe(p);
    expect(nPercent(n, of)).toBe(text);
  });
});
