import { describe, expect, it } from "vitest";
import type { SubjectDemographics } from "../subjects/demographics";
import type { MedicationRow } from "./rows";
import { drugCounts, groupPopulation, isOpenEnded, medicationCounts } from "./summary";

const patient = (subjectId: string, subjectStudyNumber: string | null): SubjectDemographics => ({
  subjectId,
  subjectStudyNumber,
  sex: null,
  birthYear: null,
  race: null,
  ethnicity: null,
  sponsorStudyNumber: null,
});

let n = 0;
const med = (subjectId: string | null, drug: string, over: Partial<MedicationRow> = {}): MedicationRow => ({
  id: `m${++n}`,
  subjectId,
  drug,
  dose: 10,
  doseUnit: "mg",
  route: "Oral",
  method: null,
  directions: null,
  start: "2024-01-01",
  end: "2024-01-10",
  unreadableStart: null,
  unreadableEnd: null,
  sourceType: "Prescription",
  ...over,
});

describe("the study population: N = distinct Group members, joined to Patients by subject study number", () => {
  it("counts a member twice once, keeps a member without a Patient in N, ignores Patients outside the Group", () => {
    const p = groupPopulation(
      ["SSN-1", "SSN-2", "SSN-2", "SSN-3"],
      [patient("101-1", "SSN-1"), patient("101-2", "SSN-2"), patient("101-9", "SSN-9"), patient("101-2b", "SSN-2")],
    );
    expect(p.n).toBe(3);
    // SSN-3 has no Patient; 101-9 is outside the Group; 101-2b repeats SSN-2, whose first Patient is the match.
    expect([...p.subjectIds]).toEqual(["101-1", "101-2"]);
  });
});

describe("subjects per drug: n (%) of N", () => {
  const population = { n: 4, subjectIds: new Set(["A", "B", "C"]) };
  it("counts a member once per drug, records of everyone, and leaves subjects outside the Group out of n", () => {
    const counts = drugCounts(
      [
        med("A", "ondansetron"),
        med("A", "ondansetron", { end: null }), // same subject again: n stays 1; open-ended
        med("B", "aspirin", { end: null }),
        med("C", "aspirin"),
        med("Z", "aspirin"), // outside the Group: a record, not a subject of n
        med(null, "ondansetron"), // no subject: a record only
        med("B", "zinc", { end: null, unreadableEnd: "soon" }), // unreadable end: not open-ended
      ],
      population,
    );
    // aspirin: B and C -> 2 of 4 = 50 %; ondansetron: A -> 1 of 4 = 25 %; zinc: B -> 25 %.
    expect(counts).toEqual([
      { drug: "aspirin", subjects: 2, percent: 50, records: 3, openEnded: 1 },
      { drug: "ondansetron", subjects: 1, percent: 25, records: 3, openEnded: 1 },
      { drug: "zinc", subjects: 1, percent: 25, records: 1, openEnded: 0 },
    ]);
  });

  it("rounds the percentage to one decimal from the counts, a half up", () => {
    // 3 of 2000 members: 0.15 %, written 0.2 (as the adverse-event tables write it).
    const members = { n: 2000, subjectIds: new Set(["A", "B", "C"]) };
    const [d] = drugCounts([med("A", "x"), med("B", "x"), med("C", "x")], members);
    expect([d.subjects, d.percent]).toEqual([3, 0.2]);
  });

  it("gives no percentage when the Group has no members", () =>
    expect(drugCounts([med("A", "x")], { n: 0, subjectIds: new Set() })).toEqual([
      { drug: "x", subjects: 0, percent: null, records: 1, openEnded: 0 },
    ]));
});

describe("open-ended ('ongoing') and the data notes' counts", () => {
  it.each([
    [{ end: null }, true],
    [{ end: "2024-01-10" }, false],
    [{ end: null, unreadableEnd: "2024-13-01" }, false],
    [{ end: null, start: null }, true],
  ])("%j is open-ended: %s", (over, open) => expect(isOpenEnded(med("A", "x", over))).toBe(open));

  it("counts missing doses and starts, open ends, unreadable dates, subjects outside the Group, repeated ids", () => {
    const population = { n: 2, subjectIds: new Set(["A", "B"]) };
    const repeated = med("A", "x");
    expect(
      medicationCounts(
        [
          repeated,
          { ...repeated },
          med("A", "x", { dose: null, end: null }),
          med("B", "x", { start: null }),
          med("B", "x", { start: null, unreadableStart: "??" }),
          med("Y", "x"),
          med("Z", "x"),
          med("Z", "x"),
          med(null, "x"),
        ],
        population,
      ),
    ).toEqual({
      records: 9,
      noDose: 1,
      noStart: 1,
      openEnded: 1,
      unreadableDates: 1,
      noSubject: 1,
      outsideGroup: { records: 3, subjects: 2 },
      repeatedIds: 1,
    });
  });
});
