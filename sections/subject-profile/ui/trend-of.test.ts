/** A vital-sign trend is named by its item's plain name and unit; a laboratory trend keeps its test's name. */
import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { trendOf } from "./trend-of";

const row = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: "v1",
  subjectId: "S1",
  test: "Temperature F",
  code: "VS0010",
  visit: "Screening",
  collectedAt: "2023-01-10T08:00:00",
  value: 98.6,
  text: null,
  unit: "F",
  range: null,
  ...over,
});

const input = (vitals: MeasurementRow[], labs: MeasurementRow[] = []) => ({ labs, vitals, adverseEvents: [] });

describe("trendOf: a vital sign's names", () => {
  it("titles the trend and its series by the plain name and the unit as a report writes it", () => {
    const out = trendOf(input([row({})]), new URLSearchParams("trend=vs:VS0010"));
    expect(out.trend?.test).toBe("Temperature (°F)");
    expect(out.trend?.series.map((s) => s.label)).toEqual(["Temperature (°F)"]);
  });

  it("keeps a laboratory test's name as sent", () => {
    const alt = row({ test: "ALT", code: "LB0214", value: 52, unit: "U/L", range: "<=40" });
    const out = trendOf(input([], [alt]), new URLSearchParams("trend=LB0214"));
    expect(out.trend?.test).toBe("ALT");
    expect(out.trend?.series.map((s) => s.label)).toEqual(["ALT (U/L)"]);
  });
});
