import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { vitalStudy } from "./study";

let n = 0;
const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: `r${++n}`,
  subjectId: "S1",
  test: "Weight",
  code: null,
  visit: "Screening",
  collectedAt: "2024-01-01T08:00:00",
  value: 70,
  text: null,
  unit: "kg",
  range: null,
  ...over,
});

describe("the counts behind the vital-signs data notes", () => {
  it("counts each oddity once, and every record is in one group", () => {
    const rows = [
      row({}),
      row({ unit: "lb", value: 154 }), // Weight in a second unit
      row({ value: null, text: "Not done", unit: null }), // Weight without a number: text
      row({ test: "Pulse", unit: null, value: 80, range: "60-100" }), // a number without a unit, with a range
      row({ test: "Position", value: null, unit: null, text: null, subjectId: null }), // no result, no subject
      row({ test: "Pulse", visit: null, collectedAt: "03/32/2024", unit: null, value: 90 }), // no visit, bad date
    ];
    const s = vitalStudy(rows);
    expect(s.counts).toEqual({
      records: 6,
      noSubject: 1,
      noVisit: 1,
      noDate: 1,
      noResult: 1,
      numbersWithoutUnit: 2,
      numbers: 4,
      numbersWithRange: 1,
      multiUnit: [{ test: "Weight", units: ["kg", "lb"] }],
      textInNumericItems: [{ test: "Weight", records: 1 }],
      earlierReadings: [],
    });
    expect(s.groups.map((g) => [g.test, g.unit, g.kind, g.rows.length])).toEqual([
      ["Weight", "kg", "number", 1],
      ["Weight", "lb", "number", 1],
      ["Weight", null, "text", 1],
      ["Pulse", null, "number", 2],
      ["Position", null, "text", 1],
    ]);
    expect(s.order).toEqual(["Screening"]);
    // The position names no subject: in its group, not counted in its summary.
    expect(s.groups[4].texts?.visits).toEqual([]);
    expect([...s.groups[4].leftOut.values()]).toEqual(["no subject"]);
    // Pulse: Screening first, then the record without a visit.
    expect(s.groups[3].numbers?.visits.map((v) => [v.visit, v.summary.n, v.withRange])).toEqual([
      ["Screening", 1, 1],
      [null, 1, 0],
    ]);
  });
});

describe("the summaries count subjects: one reading per subject and visit", () => {
  it("summarises a subject's last reading of a visit and counts the earlier one for its note", () => {
    const rows = [
      row({ subjectId: "S1", visit: "Cycle 1", collectedAt: "2024-02-01T08:00:00", value: 70 }),
      row({ subjectId: "S1", visit: "Cycle 1", collectedAt: "2024-02-01T11:00:00", value: 71 }),
      row({ subjectId: "S2", visit: "Cycle 1", collectedAt: "2024-02-01T09:00:00", value: 80 }),
      row({ subjectId: "S1", visit: "Screening", collectedAt: "2024-01-01T08:00:00", value: 69 }),
      row({
        subjectId: "S1",
        visit: "Cycle 1",
        collectedAt: "2024-02-01T09:00:00",
        value: null,
        unit: null,
        text: "Sitting",
      }),
    ];
    const s = vitalStudy(rows);
    const [kg, text] = s.groups;
    // Cycle 1: S1's 11:00 reading (71) and S2's 80; S1's 08:00 reading (70) is left out.
    // n 2, mean (71 + 80) / 2 = 75.5, SD sqrt(((71 - 75.5)^2 + (80 - 75.5)^2) / 1) = sqrt(40.5), min 71, max 80.
    const cycle1 = kg.numbers?.visits.find((v) => v.visit === "Cycle 1")?.summary;
    expect(cycle1).toMatchObject({ n: 2, mean: 75.5, median: 75.5, min: 71, max: 80 });
    expect(cycle1?.sd).toBeCloseTo(Math.sqrt(40.5), 12);
    // Every record stays in its group (the listing): 4 numbers, 1 text.
    expect([kg.rows.length, text.rows.length]).toEqual([4, 1]);
    expect([...kg.leftOut].map(([r, why]) => [r.value, why])).toEqual([[70, "earlier reading"]]);
    expect(s.counts.earlierReadings).toEqual([{ test: "Weight", unit: "kg", kind: "number", records: 1 }]);
    // The text is its own group: S1's one text reading at Cycle 1 is counted.
    expect(text.texts?.visits).toEqual([{ visit: "Cycle 1", n: 1, counts: [1] }]);
  });
});
