import { describe, expect, it } from "vitest";
import { subjectPoints, visitDistribution } from "./lab-visits";
import type { MeasurementRow } from "./measurement-rows";

type Row = Pick<MeasurementRow, "visit" | "collectedAt" | "value" | "subjectId">;
const r = (visit: string | null, collectedAt: string | null, value: number | null, subjectId = "A"): Row => ({
  visit,
  collectedAt,
  value,
  subjectId,
});
const all = (rows: Row[]) => rows.map((_, i) => i);

describe("visitDistribution", () => {
  const rows = [
    r("Cycle 2 Day 1", "2023-04-20T08:00:00", 7),
    r("Screening", "2023-03-01T08:00:00", 1),
    r("End of Treatment", "2023-05-20T08:00:00", 30),
    r("Screening", "2023-03-03T08:00:00", 3),
    r("Unscheduled", null, 5),
    r("Cycle 2 Day 1", "2023-04-15T08:00:00", 5),
    r("Screening", "2023-03-02T08:00:00", 2),
    r(null, null, 9),
    r("End of Treatment", "2023-04-10T08:00:00", 10),
    r("Cycle 2 Day 1", "2023-04-16T08:00:00", 6),
    r("Cycle 2 Day 1", "2023-04-17T08:00:00", null), // a text result: not plotted, not counted
  ];
  const boxes = visitDistribution(rows, all(rows));

  it("orders visits by their median collection date; undated visits last, by name, the unnamed one last", () => {
    // Screening: 03-01 03-02 03-03 -> 03-02. End of Treatment: 04-10 05-20 -> the lower middle, 04-10.
    // Cycle 2 Day 1: 04-15 04-16 04-20 -> 04-16.
    expect(boxes.map((b) => [b.visit, b.medianAt])).toEqual([
      ["Screening", "2023-03-02T08:00:00"],
      ["End of Treatment", "2023-04-10T08:00:00"],
      ["Cycle 2 Day 1", "2023-04-16T08:00:00"],
      ["Unscheduled", null],
      [null, null],
    ]);
  });

  it("gives each visit its count, extremes, quartiles and median", () => {
    expect(boxes.map(({ n, min, q1, median, q3, max }) => [n, min, q1, median, q3, max])).toEqual([
      [3, 1, 1.5, 2, 2.5, 3],
      [2, 10, 15, 20, 25, 30],
      [3, 5, 5.5, 6, 6.5, 7],
      [1, 5, 5, 5, 5, 5],
      [1, 9, 9, 9, 9, 9],
    ]);
  });
});

describe("subjectPoints", () => {
  it("takes the subject's last collected numeric result at each visit, and counts the results there", () => {
    const rows = [
      r("Screening", "2023-03-02T08:00:00", 2),
      r("Screening", "2023-03-01T08:00:00", 1),
      r("Screening", null, 0),
      r("Screening", "2023-03-01T09:00:00", 99, "B"),
      r("Cycle 1 Day 1", null, 4),
      r("Cycle 1 Day 1", null, 5),
      r("Cycle 2 Day 1", "2023-04-01T08:00:00", null),
    ];
    expect(subjectPoints(rows, all(rows), "A")).toEqual([
      { visit: "Screening", value: 2, collectedAt: "2023-03-02T08:00:00", results: 3 },
      { visit: "Cycle 1 Day 1", value: 5, collectedAt: null, results: 2 },
    ]);
    expect(subjectPoints(rows, all(rows), "C")).toEqual([]);
  });
});
