import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { type BaselineRule, baselineRule, placeResults } from "./baseline";
import { type ShiftTable, shiftTable, subjectShifts } from "./shift";

type Row = Pick<MeasurementRow, "subjectId" | "visit" | "collectedAt" | "value" | "range">;
const r = (
  subjectId: string | null,
  visit: string,
  collectedAt: string | null,
  value: number | null,
  range = "70-99",
) => ({ subjectId, visit, collectedAt, value, range }) satisfies Row;
const all = (rows: Row[]) => rows.map((_, i) => i);
/** Shifts of subjects none of whom has a known first dose: the study's visit-name rule decides. */
const shifts = (rows: Row[], rule: BaselineRule) =>
  subjectShifts(rows, all(rows), placeResults(rows, all(rows), { rule, exposure: new Map(), windowDays: 30 }));

// Range 70-99: 60 is L, 80 N, 120 H.
const NAMED = [
  // A: baseline N; after baseline both L and H: worse both ways.
  r("A", "Screening", "2023-03-01", 80),
  r("A", "Cycle 1 Day 1", "2023-03-20", 60),
  r("A", "Cycle 2 Day 1", "2023-04-20", 120),
  // B: no Screening result: baseline missing.
  r("B", "Cycle 1 Day 1", "2023-03-21", 80),
  // C: a baseline and nothing after it.
  r("C", "Screening", "2023-03-02", 150),
  // D: the baseline's range is free text: no category, missing.
  r("D", "Screening", "2023-03-02", 10, "See report"),
  r("D", "Cycle 1 Day 1", "2023-03-22", 80),
  // E: two Screening results, the last (N) is baseline; afterwards only H, so the lowest reached is H.
  r("E", "Screening", "2023-03-05", 80),
  r("E", "Screening", "2023-03-01", 60),
  r("E", "Cycle 1 Day 1", "2023-03-25", 120),
  r("E", "Cycle 2 Day 1", "2023-04-25", 130),
  // F: an undated Screening result counts as the earliest: the dated N is the baseline; then L, and a free-text one.
  r("F", "Screening", null, 60),
  r("F", "Screening", "2023-03-03", 80),
  r("F", "Cycle 1 Day 1", "2023-03-23", 65),
  r("F", "Cycle 2 Day 1", "2023-04-23", 500, "Normal"),
  // G: text results only; none without a subject count either.
  r("G", "Screening", "2023-03-03", null),
  r(null, "Cycle 1 Day 1", "2023-03-23", 60),
];

describe("subjectShifts with a Screening visit", () => {
  it("finds each subject's baseline and lowest and highest category after it", () => {
    expect(baselineRule(NAMED)).toBe("named visit");
    const basis = "named visit";
    expect(shifts(NAMED, "named visit")).toEqual([
      { subjectId: "A", basis, baseline: "N", low: "L", high: "H" },
      { subjectId: "B", basis, baseline: "M", low: "N", high: "N" },
      { subjectId: "C", basis, baseline: "H", low: "M", high: "M" },
      { subjectId: "D", basis, baseline: "M", low: "N", high: "N" },
      { subjectId: "E", basis, baseline: "N", low: "H", high: "H" },
      { subjectId: "F", basis, baseline: "N", low: "L", high: "L" },
    ]);
  });

  it("puts each subject in one cell of each table", () => {
    const named = shifts(NAMED, "named visit");
    const cells = (t: ShiftTable) =>
      Object.entries(t).flatMap(([b, row]) =>
        Object.entries(row).flatMap(([w, subjects]) => (subjects.length ? [`${b}>${w}: ${subjects.join(" ")}`] : [])),
      );
    expect(cells(shiftTable(named, "low"))).toEqual(["N>L: A F", "N>H: E", "H>M: C", "M>N: B D"]);
    expect(cells(shiftTable(named, "high"))).toEqual(["N>L: F", "N>H: A E", "H>M: C", "M>N: B D"]);
  });
});

describe("subjectShifts without a Screening or Baseline visit", () => {
  it("takes the first dated result as baseline and the later dated ones after it", () => {
    const rows = [
      r("P", "Week 4", "2023-02-01", 80),
      r("P", "Day 1", "2023-01-01", 60),
      r("P", "Unscheduled", null, 120),
      r("P", "Week 8", "2023-03-01", 120),
      r("Q", "Day 1", "2023-01-01", 80),
      r("Q", "Day 1", "2023-01-01", 60),
    ];
    expect(baselineRule(rows)).toBe("first result");
    // P: baseline L (01-01); after: N (02-01) and H (03-01); the undated H takes no part.
    // Q: two results at the same time: the first sent is baseline, the other is not after it.
    const basis = "first result";
    expect(shifts(rows, "first result")).toEqual([
      { subjectId: "P", basis, baseline: "L", low: "N", high: "H" },
      { subjectId: "Q", basis, baseline: "N", low: "M", high: "M" },
    ]);
  });

  it.each([
    [["Day 1", "Week 4"], "first result"],
    [["Week 4", "Baseline"], "named visit"],
    [["SCREENING"], "named visit"],
    [["Rescreening visit"], "first result"],
  ])("visits %j: %s", (visits, rule) => expect(baselineRule(visits.map((visit) => ({ visit })))).toBe(rule));
});
