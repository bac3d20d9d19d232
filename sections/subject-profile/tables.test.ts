import { describe, expect, it } from "vitest";
import { trendColumns, trendRows } from "./tables";
import { onset, trend } from "./testing";

describe("trendRows: exactly the plotted values", () => {
  it("has a row per point and per onset, with the band drawn for the record", () =>
    expect(trendRows(trend("raw"), [onset])).toEqual([
      {
        series: "ALT (U/L)",
        collectedAt: "2023-01-10 08:00",
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

  it("adds the result as sent beside the plotted ×ULN", () => {
    const [first] = trendRows(trend("uln"), []);
    expect([first.value, first.result, first.bandHigh]).toEqual([2, 80, 1]);
    expect(trendColumns(trend("uln")).map((c) => c.id)).toContain("result");
    expect(trendColumns(trend("raw")).map((c) => c.id)).not.toContain("result");
  });
});
