import { describe, expect, it } from "vitest";
import type { SeriesView } from "@/sections/laboratory/load-test";
import { DEFAULT_QUERY, parseLabQuery } from "@/sections/laboratory/query";
import { chartData, oneRange } from "./series-chart-data";

const zero = { L: 0, N: 0, H: 0, M: 0 };
const noShift = { L: zero, N: zero, H: zero, M: zero };
// A test without a unit: 3 results at Week 2, of which 2 numeric (n) and 1 text ("Trace").
const series: SeriesView = {
  unit: null,
  results: 3,
  numeric: 2,
  boxes: [{ visit: "Week 2", medianAt: "2024-01-15T08:00:00", n: 2, min: 1, q1: 1.25, median: 1.5, q3: 1.75, max: 2 }],
  ranges: ["Negative"],
  moreRanges: 0,
  unranged: 0,
  subjects: 2,
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
