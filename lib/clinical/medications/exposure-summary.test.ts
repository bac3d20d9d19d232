import { describe, expect, it } from "vitest";
import type { SubjectExposure } from "../exposure/exposure";
import { exposureSummary, splitStudyDrug } from "./exposure-summary";
import type { MedicationRow } from "./rows";
import type { StudyPopulation } from "./summary";

const exposure = (subjectId: string, over: Partial<SubjectExposure>): SubjectExposure => ({
  subjectId,
  firstDose: "2024-01-01",
  lastDose: "2024-01-28",
  ongoing: false,
  daysOnDrug: 28,
  doseChanges: 0,
  periods: [],
  records: 1,
  undated: 0,
  ...over,
});

const population = (n: number, ids: string[]): StudyPopulation => ({ n, subjectIds: new Set(ids) });

describe("exposureSummary", () => {
  it("counts the Group's members as n (%) of N, and days on drug over those with a known first dose", () => {
    const bySubject = new Map(
      [
        exposure("S3", { daysOnDrug: 10, doseChanges: 2 }),
        exposure("S1", { daysOnDrug: 71, ongoing: true }),
        exposure("S2", { firstDose: null, lastDose: null, daysOnDrug: null, undated: 1 }),
        exposure("S4", { daysOnDrug: 40 }),
        exposure("X9", { daysOnDrug: 500, ongoing: true, doseChanges: 1 }), // outside the Group
      ].map((e) => [e.subjectId, e]),
    );
    const s = exposureSummary(bySubject, population(8, ["S1", "S2", "S3", "S4", "S5"]));
    // Members with a study-drug record: S1..S4 = 4 of N = 8, 50.0 %; the undated S2 is exposed too.
    expect(s.exposed).toEqual({ n: 4, percent: 50 });
    // On drug: S1 only, 1 of 8 = 12.5 %. A dose change: S3, 12.5 %. X9 is not a member.
    expect(s.ongoing).toEqual({ n: 1, percent: 12.5 });
    expect(s.doseChanged).toEqual({ n: 1, percent: 12.5 });
    // Days on drug of S3, S4, S1: 10, 40, 71; median 40, min 10, max 71, over 3 subjects (S2 has no first dose).
    expect(s.days).toEqual({ n: 3, median: 40, min: 10, max: 71 });
    expect(s.subjects.map((e) => e.subjectId)).toEqual(["S1", "S2", "S3", "S4"]);
  });

  it("takes the mean of the two middle values for an even count, and has no days and no % without them", () => {
    const two = new Map(
      [exposure("S1", { daysOnDrug: 1 }), exposure("S2", { daysOnDrug: 4 })].map((e) => [e.subjectId, e]),
    );
    // 1 and 4: median (1 + 4) / 2 = 2.5.
    expect(exposureSummary(two, population(2, ["S1", "S2"])).days).toEqual({ n: 2, median: 2.5, min: 1, max: 4 });
    const none = exposureSummary(new Map(), population(0, []));
    expect([none.exposed, none.days]).toEqual([{ n: 0, percent: null }, null]);
  });
});

describe("splitStudyDrug", () => {
  it("splits the study drug's records from the concomitant medications, keeping the partner's order", () => {
    const med = (id: string, drug: string, sourceType = "Prescription") => ({ id, drug, sourceType }) as MedicationRow;
    const { studyDrug, concomitant } = splitStudyDrug(
      [
        med("a", "Zalvotinib 100 MG Oral Capsule"),
        med("b", "ondansetron 8 MG Oral Tablet"),
        med("c", "Drug X", "Study drug"),
        med("d", "zalvotinib 25 mg"),
      ],
      ["zalvotinib"],
    );
    expect(studyDrug.map((m) => m.id)).toEqual(["a", "c", "d"]);
    expect(concomitant.map((m) => m.id)).toEqual(["b"]);
  });
});
