import { describe, expect, it } from "vitest";
import type { Trend } from "@/lib/clinical/subjects/trend-series";
import { trendColumns, trendRows } from "./tables";

const at = (iso: string) => new Date(`${iso}Z`).getTime();
const point = (id: string, iso: string, raw: number, value: number, flag: "H" | "N" | null, band: boolean) => ({
  id,
  t: at(iso),
  collectedAt: iso,
  visit: "V1",
  raw,
  value,
  unit: "U/L",
  range: band ? "<=40" : null,
  flag,
  band: band ? { x1: at(iso) - 86_400_000, x2: at(iso) + 86_400_000, low: null, high: (value / raw) * 40 } : null,
});
const trend = (scale: "raw" | "uln"): Trend => ({
  key: "LB0214",
  test: "ALT",
  scale,
  series: [
    {
      unit: "U/L",
      label: "ALT (U/L)",
      points: [point("a", "2023-01-10T08:00:00", 80, scale === "uln" ? 2 : 80, "H", true)],
    },
    {
      unit: null,
      label: "ALT (no unit)",
      points: [{ ...point("b", "2023-01-20T08:00:00", 30, 30, null, false), unit: null }],
    },
  ],
  excluded: { text: 0, noValue: 0, noTime: 0, noUln: 0 },
});
const onset = { key: "E1", t: at("2023-01-05T00:00:00"), start: "2023-01-05", term: "Headache", grade: null };

describe("trendRows: exactly the plotted values", () => {
  it("has a row per point and per onset, with the band drawn for the record", () =>
    expect(trendRows(trend("raw"), [onset])).toEqual([
      {
        series: "ALT (U/L)",
        collectedAt: "2023-01-10T08:00:00",
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
        collectedAt: "2023-01-20T08:00:00",
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
