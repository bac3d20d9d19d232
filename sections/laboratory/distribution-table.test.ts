import { describe, expect, it } from "vitest";
import type { VisitBox } from "@/lib/clinical/laboratory/visits";
import { chartData, distributionTitle, oneRange } from "./distribution-table";
import { DEFAULT_QUERY, parseLabQuery } from "./query";
import { shiftCaption } from "./shift-table";
import type { SeriesDetail } from "./test-detail";

const zero = { L: 0, N: 0, H: 0, M: 0 };
const noShift = { L: zero, N: zero, H: zero, M: zero };
// A test without a unit: 3 results at Week 2, of which 2 numeric (n) and 1 text ("Trace").
const series: SeriesDetail = {
  unit: null,
  results: 3,
  numeric: 2,
  boxes: [
    {
      visit: "Week 2",
      medianAt: "2024-01-15T08:00:00",
      n: 2,
      ...{ min: 1, q1: 1.25, median: 1.5, q3: 1.75, max: 2 },
      ...{ whiskerLow: 1, whiskerHigh: 2, outliers: [] },
    },
  ],
  logBoxes: [],
  nonPositive: 0,
  ranges: ["Negative"],
  moreRanges: 0,
  unranged: 0,
  subjects: 2,
  late: 0,
  shift: { low: noShift, high: noShift },
  lines: [],
};
const where = { studyHref: "/s", base: "/s/laboratory", query: { ...DEFAULT_QUERY, test: "name:UPROT" } };

describe("chartData: a box opens exactly the results it counts", () => {
  it("opens the numeric results of its series at its visit (its n), not the text results beside them", () => {
    const href = chartData(series, where).boxes[0].href;
    const q = parseLabQuery(new URL(href, "http://x").searchParams);
    expect([q.test, q.unit, q.visit, q.show]).toEqual(["name:UPROT", null, "Week 2", "numeric"]);
  });
});

describe("chartData on a log value axis", () => {
  // Week 2: -1, 0, 2, 4 (linear box) and, for the log axis, 2 and 4 only; subject S1 has 0 there.
  const box = (over: Omit<VisitBox, "visit" | "medianAt" | "n" | "outliers"> & { n?: number }): VisitBox => ({
    visit: "Week 2",
    medianAt: null,
    n: 4,
    outliers: [],
    ...over,
  });
  const logged: SeriesDetail = {
    ...series,
    unit: "g/L",
    numeric: 4,
    boxes: [box({ min: -1, whiskerLow: -1, q1: -0.25, median: 1, q3: 2.5, whiskerHigh: 4, max: 4 })],
    logBoxes: [box({ n: 2, min: 2, whiskerLow: 2, q1: 2.5, median: 3, q3: 3.5, whiskerHigh: 4, max: 4 })],
    nonPositive: 2,
    lines: [{ subjectId: "S1", points: [{ visit: "Week 2", value: 0, collectedAt: null, results: 1 }] }],
  };
  const at = (scale: "linear" | "log") => chartData(logged, { ...where, query: { ...where.query, scale } });

  it("draws the boxes of the results above 0, and says how many results it left out", () => {
    const linear = at("linear");
    expect([linear.boxes[0].n, linear.boxes[0].min, linear.leftOut]).toEqual([4, -1, 0]);
    expect(linear.lines[0].values).toEqual([0]);
    const log = at("log");
    expect([log.boxes[0].n, log.boxes[0].min, log.leftOut]).toEqual([2, 2, 2]);
    // The subject's 0 cannot be drawn: no point, and no row in the chart's table.
    expect(log.lines[0].values).toEqual([null]);
    expect(log.rows.map((r) => r.series)).toEqual(["All subjects"]);
  });

  it("gives the table the whiskers beside the min and max, and the outliers' count", () => {
    expect(at("log").rows[0]).toMatchObject({ min: 2, whiskerLow: 2, whiskerHigh: 4, max: 4, outlierCount: 0 });
  });
});

describe("oneRange: the bounds drawn on the distribution chart", () => {
  const ranged = { ...series, unit: "U/L", ranges: ["<=40"] };
  it.each([
    ["every numeric result has the range <=40", ranged, { text: "<=40", low: null, high: 40 }],
    // "When every result of the series has the same readable range" (docs/clinical-rules.md, Listing).
    ["one numeric result has no range at all", { ...ranged, unranged: 1 }, undefined],
    ["two range texts", { ...ranged, ranges: ["<=40", "<=35"] }, undefined],
    ["a range in words", { ...ranged, ranges: ["Negative"] }, undefined],
  ])("%s", (_what, s, expected) => expect(oneRange(s)).toEqual(expected));
});

describe("the units in titles and captions", () => {
  it("are written as a laboratory report writes them", () => {
    expect(distributionTitle("WBC", "10^9/L")).toBe("WBC in 10⁹/L: distribution by visit");
    expect(distributionTitle("RBC", "10^12/L")).toBe("RBC in 10¹²/L: distribution by visit");
    expect(distributionTitle("MONO", null)).toBe("MONO in (no unit): distribution by visit");
    expect(shiftCaption("EGFR", "mL/min/1.73m2", "low").startsWith("Shift table of EGFR in mL/min/1.73m²: ")).toBe(
      true,
    );
  });
});
