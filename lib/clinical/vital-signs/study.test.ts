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
    });
    expect(s.groups.map((g) => [g.test, g.unit, g.kind, g.rows.length])).toEqual([
      ["Weight", "kg", "number", 1],
      ["Weight", "lb", "number", 1],
      ["Weight", null, "text", 1],
      ["Pulse", null, "number", 2],
      ["Position", null, "text", 1],
    ]);
    expect(s.order).toEqual(["Screening"]);
    // Pulse: Screening first, then the record without a visit.
    expect(s.groups[3].numbers?.visits.map((v) => [v.visit, v.summary.n, v.withRange])).toEqual([
      ["Screening", 1, 1],
      [null, 1, 0],
    ]);
  });
});
