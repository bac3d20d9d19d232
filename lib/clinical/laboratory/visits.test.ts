import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { subjectPoints, visitDistribution } from "./visits";

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
  // The study's visit order, as ./visit-order gives it: End of Treatment after the last cycle although its median
  // date (04-10) is earlier than Cycle 2's (04-16): an early starter ended treatment before a late starter's Cycle 2.
  const ORDER = ["Screening", "Cycle 1 Day 1", "Cycle 2 Day 1", "End of Treatment", "Unscheduled"];
  const boxes = visitDistribution(rows, all(rows), ORDER);

  it("puts the visits in the study's order, not by their dates; results without a visit last", () => {
    // Medians: Screening 03-01 03-02 03-03 -> 03-02. Cycle 2 Day 1: 04-15 04-16 04-20 -> 04-16.
    // End of Treatment: 04-10 05-20 -> the lower middle, 04-10. Unscheduled and no visit: undated.
    expect(boxes.map((b) => [b.visit, b.medianAt])).toEqual([
      ["Screening", "2023-03-02T08:00:00"],
      ["Cycle 2 Day 1", "2023-04-16T08:00:00"],
      ["End of Treatment", "2023-04-10T08:00:00"],
      ["Unscheduled", null],
      [null, null],
    ]);
  });

  // Visits not in the order keep the order in which their results first appear (Cycle 2, Screening, End of
  // Treatment, Unscheduled): the sort is stable.
  it.each([
    {
      name: "a visit missing from the order comes after its visits",
      order: ["Screening", "Cycle 2 Day 1"],
      visits: ["Screening", "Cycle 2 Day 1", "End of Treatment", "Unscheduled", null],
    },
    {
      name: "an empty order keeps the results' first appearance",
      order: [],
      visits: ["Cycle 2 Day 1", "Screening", "End of Treatment", "Unscheduled", null],
    },
  ])("$name, before the results without a visit", ({ order, visits }) =>
    expect(visitDistribution(rows, all(rows), order).map((b) => b.visit)).toEqual(visits),
  );

  it("gives each visit its count, extremes, quartiles and median", () => {
    expect(boxes.map(({ n, min, q1, median, q3, max }) => [n, min, q1, median, q3, max])).toEqual([
      [3, 1, 1.5, 2, 2.5, 3],
      [3, 5, 5.5, 6, 6.5, 7],
      [2, 10, 15, 20, 25, 30],
      [1, 5, 5, 5, 5, 5],
      [1, 9, 9, 9, 9, 9],
    ]);
  });
});

describe("visitDistribution for a log axis: the results above 0 only", () => {
  const rows = [
    r("Screening", null, 0),
    r("Screening", null, -2),
    r("Screening", null, 4),
    r("Screening", null, 8),
    r("Cycle 1 Day 1", null, 0), // its only result is 0: no box at all on a log axis
  ];
  it("leaves 0 and negative values out of the boxes, and a visit with none above 0 out of the chart", () => {
    // Linear: Screening -2, 0, 4, 8 and Cycle 1 0. Log: Screening 4, 8 (Q1 5, median 6, Q3 7).
    expect(visitDistribution(rows, all(rows), ["Screening"]).map((b) => [b.visit, b.n, b.min])).toEqual([
      ["Screening", 4, -2],
      ["Cycle 1 Day 1", 1, 0],
    ]);
    expect(visitDistribution(rows, all(rows), ["Screening"], true)).toMatchObject([
      { visit: "Screening", n: 2, min: 4, q1: 5, median: 6, q3: 7, max: 8 },
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
