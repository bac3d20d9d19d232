import { describe, expect, it } from "vitest";
import type { TreatmentWindow } from "../exposure/on-treatment";
import { type BaselineContext, phaseAt, placeResults } from "./baseline";
import { subjectShifts } from "./shift";

const r = (subjectId: string, visit: string, collectedAt: string | null, value: number | null) => ({
  subjectId,
  visit,
  collectedAt,
  value,
  range: "70-99",
});
type Row = ReturnType<typeof r>;
const all = (rows: Row[]) => rows.map((_, i) => i);

// Range 70-99: 60 and 65 are L, 80 N, 120 and more H.
const EXPOSURE = new Map<string, TreatmentWindow>([
  // Last dose 2023-06-01: with 30 days the window's last day is 2023-07-01 (June has 30 days).
  ["A", { firstDose: "2023-03-10", lastDose: "2023-06-01", ongoing: false }],
  // Still on drug: no end to the window.
  ["B", { firstDose: "2023-04-01", lastDose: "2023-04-01", ongoing: true }],
  ["D", { firstDose: "2023-05-01", lastDose: "2023-05-01", ongoing: false }],
  // Study-drug records without a readable start: no known first dose.
  ["E", { firstDose: null, lastDose: null, ongoing: false }],
]);

const ROWS = [
  r("A", "Screening", "2023-03-01T08:00:00", 80), // 0: before the baseline
  r("A", "Cycle 1 Day 1", "2023-03-10T07:30:00", 120), // 1: first dose's day, but a later one that day follows
  r("A", "Unscheduled", "2023-03-10T18:00:00", 60), // 2: first dose's day, last of it: the baseline (L)
  r("A", "Cycle 1 Day 2", "2023-03-11T08:00:00", 80), // 3: the day after the first dose: after (N)
  r("A", "Cycle 5 Day 1", "2023-07-01T08:00:00", 130), // 4: the window's last day: after (H)
  r("A", "Follow-up", "2023-07-02T08:00:00", 50), // 5: the day after the window: late (L, not counted)
  r("A", "Unscheduled", null, 200), // 6: undated: no part
  r("B", "Screening", "2023-03-25T09:00:00", 80), // 7: baseline (N)
  r("B", "Cycle 9 Day 1", "2024-01-01T09:00:00", 150), // 8: on drug nine months on: after (H)
  r("C", "Screening", "2023-03-01T08:00:00", 120), // 9: no exposure: the Screening result is baseline (H)
  r("C", "Cycle 2 Day 1", "2025-01-01T08:00:00", 60), // 10: no window without a last dose: after (L)
  r("D", "Cycle 1 Day 2", "2023-05-02T08:00:00", 80), // 11: nothing before the first dose: no baseline
  r("E", "Screening", "2023-02-01T08:00:00", 80), // 12: no known first dose: Screening is baseline (N)
  r("E", "Cycle 1 Day 1", "2023-02-20T08:00:00", null), // 13: a text result: no part
];

const ctx = (windowDays: number): BaselineContext => ({ rule: "named visit", exposure: EXPOSURE, windowDays });

describe("placeResults", () => {
  it("takes the last result on or before the first dose's day as baseline, and counts up to the window's end", () => {
    const p = placeResults(ROWS, all(ROWS), ctx(30));
    expect(all(ROWS).map((k) => phaseAt(p, k))).toEqual([
      "before",
      "before",
      "baseline",
      "after",
      "after",
      "late",
      "none",
      "baseline",
      "after",
      "baseline",
      "after",
      "after",
      "baseline",
      "none",
    ]);
    expect([...p.subjects]).toEqual([
      ["A", { basis: "first dose", baseline: 2 }],
      ["B", { basis: "first dose", baseline: 7 }],
      ["C", { basis: "named visit", baseline: 9 }],
      ["D", { basis: "first dose", baseline: null }],
      ["E", { basis: "named visit", baseline: 12 }],
    ]);
  });

  it("ends the window on the last dose's day with a window of 0 days", () => {
    const p = placeResults(ROWS, all(ROWS), ctx(0));
    // 2023-07-01 is 30 days after the last dose (2023-06-01): after the window now; B is on drug, still after.
    expect([3, 4, 5, 8].map((k) => phaseAt(p, k))).toEqual(["after", "late", "late", "after"]);
  });

  it("gives the shift of each subject from the results after baseline within the window", () => {
    const shifts = (windowDays: number) =>
      subjectShifts(ROWS, all(ROWS), placeResults(ROWS, all(ROWS), ctx(windowDays)));
    // A: baseline 60 (L); after: 80 (N, 03-11) and 130 (H, 07-01, the window's last day); 50 (L, 07-02) is late and
    // does not make the lowest L. With 0 days only 80 (N) counts.
    expect(shifts(30)).toEqual([
      { subjectId: "A", basis: "first dose", baseline: "L", low: "N", high: "H" },
      { subjectId: "B", basis: "first dose", baseline: "N", low: "H", high: "H" },
      { subjectId: "C", basis: "named visit", baseline: "H", low: "L", high: "L" },
      { subjectId: "D", basis: "first dose", baseline: "M", low: "N", high: "N" },
      { subjectId: "E", basis: "named visit", baseline: "N", low: "M", high: "M" },
    ]);
    expect(shifts(0)[0]).toEqual({ subjectId: "A", basis: "first dose", baseline: "L", low: "N", high: "N" });
  });

  it("counts a result at any time of the first dose's day as before the dose; of equal times the later sent", () => {
    const rows = [
      r("A", "Cycle 1 Day 1", "2023-03-10T23:59:00", 80),
      r("A", "Cycle 1 Day 1", "2023-03-10T23:59:00", 120),
      r("A", "Cycle 1 Day 2", "2023-03-11T00:00:00", 60),
    ];
    const p = placeResults(rows, all(rows), ctx(30));
    expect(all(rows).map((k) => phaseAt(p, k))).toEqual(["before", "baseline", "after"]);
  });

  it("falls back on the first dated result in a study without a Screening or Baseline visit", () => {
    const rows = [r("C", "Week 4", "2023-02-01T08:00:00", 80), r("C", "Day 1", "2023-01-01T08:00:00", 60)];
    const p = placeResults(rows, all(rows), { ...ctx(30), rule: "first result" });
    expect([phaseAt(p, 0), phaseAt(p, 1), p.subjects.get("C")]).toEqual([
      "after",
      "baseline",
      { basis: "first result", baseline: 1 },
    ]);
  });
});
