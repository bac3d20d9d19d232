import { describe, expect, it } from "vitest";
import { boxRows, distributionTable } from "./distribution-table";
import { group } from "./testing";

describe("the distribution chart's boxes: Tukey's whiskers beside the min and max", () => {
  it("gives each box its whisker ends and outliers at the data's decimals, and the table their count", () => {
    const g = group([{ visit: "Week 1", withRange: 0, low: 0, high: 0 }]);
    const v = g.numbers!.visits[0];
    // Temperatures with one decimal: 36.0 to 37.2 inside the fences, 39.5 beyond.
    v.summary = { n: 9, mean: 37, sd: 1, median: 36.55, q1: 36.325, q3: 36.875, min: 36, max: 39.5 };
    v.whiskers = { whiskerLow: 36, whiskerHigh: 37.2, outliers: [39.5] };
    g.numbers!.decimals = 1;
    const [row] = boxRows("/s/vital-signs", g);
    // Quartiles and median at one decimal more (2), whiskers, min and max at the data's (1).
    expect(row).toMatchObject({ n: 9, min: 36, whiskerLow: 36, q1: 36.33, median: 36.55, q3: 36.88 });
    expect(row).toMatchObject({ whiskerHigh: 37.2, max: 39.5, outliers: [39.5] });
    const table = distributionTable("T", [row]);
    expect(table.columns.map((c) => c.header)).toEqual([
      "Visit",
      "n",
      "Min",
      "Lower whisker",
      "Q1",
      "Median",
      "Q3",
      "Upper whisker",
      "Max",
      "Outliers (n)",
    ]);
    expect(table.rows[0]).toMatchObject({ whiskerLow: 36, whiskerHigh: 37.2, outlierCount: 1 });
  });
});
