import { describe, expect, it } from "vitest";
import { onset, trend } from "./testing";
import { trendColumns, trendRows } from "./trend-table";

// Day 1 on 6 January 2023: the points of 10 and 20 January are days 5 and 15, the onset of 5 January the day before
// day 1, day -1 (there is no day 0: docs/clinical-rules.md, Study medication and study day 1).
const DAY_ONE = "2023-01-06";

describe("trendRows: exactly the plotted values", () => {
  it("has a row per point and per onset, with its study day and the band drawn for the record", () =>
    expect(trendRows(trend("raw"), [onset], DAY_ONE)).toEqual([
      {
        series: "ALT (U/L)",
        collectedAt: "2023-01-10 08:00",
        studyDay: 5,
        visit: "V1",
        value: 80,
        unit: "U/L",
        flag: "H",
        bandLow: null,
        bandHigh: 40,
        range: "<=40",
        event: null,
        record: "a",
      },
      {
        series: "ALT (no unit)",
        collectedAt: "2023-01-20 08:00",
        studyDay: 15,
        visit: "V1",
        value: 30,
        unit: null,
        flag: null,
        bandLow: null,
        bandHigh: null,
        range: null,
        event: null,
        record: "b",
      },
      {
        series: "Adverse-event onset",
        collectedAt: "2023-01-05",
        studyDay: -1,
        visit: null,
        value: null,
        unit: null,
        flag: null,
        bandLow: null,
        bandHigh: null,
        range: null,
        event: "Headache, grade missing",
        record: "E1",
      },
    ]));

  it("counts day 1 itself as day 1, and leaves the study day blank for a subject without a day 1", () => {
    expect(trendRows(trend("raw"), [onset], "2023-01-10").map((r) => r.studyDay)).toEqual([1, 11, -5]);
    expect(trendRows(trend("raw"), [onset], null).map((r) => r.studyDay)).toEqual([null, null, null]);
  });

  it("has a Study day column beside the collection time", () => {
    const ids = trendColumns(trend("raw")).map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual(["series", "collectedAt", "studyDay"]);
    expect(trendColumns(trend("raw")).find((c) => c.id === "studyDay")?.header).toBe("Study day");
  });

  it("adds the result as sent beside the plotted ×ULN", () => {
    const [first] = trendRows(trend("uln"), [], DAY_ONE);
    expect([first.value, first.result, first.bandHigh]).toEqual([2, 80, 1]);
    expect(trendColumns(trend("uln")).map((c) => c.id)).toContain("result");
    expect(trendColumns(trend("raw")).map((c) => c.id)).not.toContain("result");
  });
});
