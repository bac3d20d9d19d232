import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { labOverview } from "./overview";
import { indexLabTests } from "./series";

let id = 0;
const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: String(id++),
  subjectId: "S1",
  test: "GLUC",
  code: "LB0208",
  visit: "Screening",
  collectedAt: "2023-03-01T08:00:00",
  value: null,
  text: null,
  unit: "mg/dL",
  range: "70-99",
  ...over,
});

describe("labOverview: one row per test and unit", () => {
  const rows = [
    row({ subjectId: "A", value: 60 }), // L
    row({ subjectId: "A", value: 80 }), // N
    row({ subjectId: "B", value: 99 }), // N: the bound itself is within "70-99"
    row({ subjectId: "B", value: 100 }), // H
    row({ subjectId: "C", value: 120, visit: null }), // H, no visit
    row({ subjectId: "C", value: 50, range: "See report" }), // free text: no flag, not in the percentages
    row({ subjectId: null, value: 90, range: null, collectedAt: null }), // no range, no subject, no date
    row({ subjectId: "D", text: "Trace", range: null }), // a text result
    row({ subjectId: "D" }), // neither value nor text
    row({ subjectId: "E", value: 5.1, unit: "mmol/L", range: "3.9-5.5" }), // another unit: another row
  ];
  const [mgdl, mmol] = labOverview(rows, indexLabTests(rows));

  it("counts subjects, results, numeric and text results, flags against readable ranges", () => {
    // By hand: 9 mg/dL results; 7 numeric; 5 with a readable range, of which 1 L and 2 H.
    expect(mgdl).toMatchObject({
      testKey: "code:LB0208",
      test: "GLUC",
      code: "LB0208",
      unit: "mg/dL",
      unitsInTest: 2,
      subjects: 4,
      results: 9,
      numeric: 7,
      text: 1,
      empty: 1,
      ranged: 5,
      below: 1,
      above: 2,
      pctBelow: 20,
      pctAbove: 40,
      unreadableRange: 1,
      noRange: 1,
      undated: 1,
      noSubject: 1,
      noVisit: 1,
    });
  });

  it("gives min, median and max of the numeric values, free-text and rangeless ones included", () => {
    // Sorted: 50 60 80 90 99 100 120: the median is the 4th.
    expect([mgdl.min, mgdl.median, mgdl.max]).toEqual([50, 90, 120]);
  });

  it("lists the range texts as sent", () => {
    expect(mgdl.ranges).toEqual(["70-99", "See report"]);
    expect(mgdl.moreRanges).toBe(0);
  });

  it("keeps the other unit apart", () => {
    expect(mmol).toMatchObject({ unit: "mmol/L", subjects: 1, results: 1, numeric: 1, below: 0, above: 0 });
    expect([mmol.pctBelow, mmol.pctAbove, mmol.median]).toEqual([0, 0, 5.1]);
  });

  it("has no percentage when no result has a readable range, and counts ranges beyond five", () => {
    const texts = ["Negative", "a", "b", "c", "d", "e", "f"];
    const urine = texts.map((range) => row({ test: "UPROT", code: null, unit: null, text: "1+", range }));
    const [only] = labOverview(urine, indexLabTests(urine));
    expect(only).toMatchObject({ testKey: "name:UPROT", unit: null, numeric: 0, text: 7, ranged: 0 });
    expect([only.pctBelow, only.pctAbove, only.min, only.median, only.max]).toEqual([null, null, null, null, null]);
    expect(only.ranges).toEqual(texts.slice(0, 5));
    expect(only.moreRanges).toBe(2);
  });

  it("rounds the percentages from the counts, a half up, as every table of the portal does", () => {
    // 23 of 2000 results below range: 1.15 %, written 1.2; 3 of 2000 above: 0.15 %, written 0.2.
    const many = Array.from({ length: 2000 }, (_, i) => row({ value: i < 23 ? 60 : i < 26 ? 100 : 80 }));
    const [r] = labOverview(many, indexLabTests(many));
    expect([r.below, r.above, r.ranged, r.pctBelow, r.pctAbove]).toEqual([23, 3, 2000, 1.2, 0.2]);
  });
});
