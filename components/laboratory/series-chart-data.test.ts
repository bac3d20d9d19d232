import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, parseLabQuery } from "@/lib/study-views/laboratory-query";
import type { SeriesView } from "@/lib/study-views/laboratory-test";
import { chartData } from "./series-chart-data";

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
