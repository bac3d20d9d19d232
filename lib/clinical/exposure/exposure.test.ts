import { describe, expect, it } from "vitest";
import type { MedicationRow } from "../medications/rows";
import { studyExposure, subjectExposure } from "./exposure";

const med = (id: string, drug: string, start: string | null, end: string | null, dose: number | null = 100) =>
  ({
    id,
    subjectId: "S1",
    drug,
    dose,
    doseUnit: "mg",
    start,
    end,
    unreadableStart: null,
    unreadableEnd: null,
    sourceType: "Prescription",
  }) as MedicationRow;

describe("subjectExposure", () => {
  it("reads first and last dose, days on drug both days included, and one dose change", () => {
    // 2024-03-01 .. 2024-03-28 at 100 mg, 2024-03-29 .. 2024-04-25 at 100 mg, 2024-04-26 .. 2024-05-10 at 25 mg.
    const e = subjectExposure("S1", [
      med("c", "Zalvotinib 25 MG Oral Capsule", "2024-04-26", "2024-05-10", 25),
      med("a", "Zalvotinib 100 MG Oral Capsule", "2024-03-01", "2024-03-28"),
      med("b", "Zalvotinib 100 MG Oral Capsule", "2024-03-29", "2024-04-25"),
    ]);
    expect(e.firstDose).toBe("2024-03-01");
    expect(e.lastDose).toBe("2024-05-10");
    // March 31 + April 30 + May 10 = 71 days.
    expect(e.daysOnDrug).toBe(71);
    expect(e.doseChanges).toBe(1);
    expect(e.ongoing).toBe(false);
    expect(e.periods.map((p) => p.recordId)).toEqual(["a", "b", "c"]);
  });

  it("counts a single infusion as one day on drug", () => {
    const e = subjectExposure("S1", [med("a", "Tervimab", "2024-01-10", "2024-01-10")]);
    expect([e.firstDose, e.lastDose, e.daysOnDrug, e.doseChanges]).toEqual(["2024-01-10", "2024-01-10", 1, 0]);
  });

  it("is ongoing with an open-ended record, the last dose being the latest day known", () => {
    const e = subjectExposure("S1", [
      med("a", "Zalvotinib", "2024-01-01", "2024-01-28"),
      med("b", "Zalvotinib", "2024-01-29", null),
    ]);
    expect(e.ongoing).toBe(true);
    expect(e.lastDose).toBe("2024-01-29");
    expect(e.daysOnDrug).toBe(29);
  });

  it("keeps undated records out of the periods but counts them, and has no first dose without one", () => {
    const e = subjectExposure("S1", [med("a", "Zalvotinib", null, "2024-01-28")]);
    expect([e.firstDose, e.lastDose, e.daysOnDrug, e.records, e.undated]).toEqual([null, null, null, 1, 1]);
  });

  it("takes an end before the start as the start (the period lasts that one day)", () => {
    const e = subjectExposure("S1", [med("a", "Zalvotinib", "2024-02-10", "2024-02-01")]);
    expect(e.lastDose).toBe("2024-02-10");
  });
});

describe("studyExposure", () => {
  it("takes only the study drug's records of subjects", () => {
    const rows = [
      med("a", "Zalvotinib 100 MG Oral Capsule", "2024-03-01", "2024-03-28"),
      med("b", "ondansetron 8 MG Oral Tablet", "2024-02-01", "2024-02-03"),
      { ...med("c", "Zalvotinib", "2024-03-01", null), subjectId: null },
      { ...med("d", "Zalvotinib", "2024-05-01", "2024-05-02"), subjectId: "S2" },
    ];
    const all = studyExposure(rows, ["zalvotinib"]);
    expect([...all.keys()]).toEqual(["S1", "S2"]);
    expect(all.get("S1")?.records).toBe(1);
    expect(all.get("S1")?.firstDose).toBe("2024-03-01");
  });
});
