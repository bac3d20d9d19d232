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

describe("trendOf: the liver panel", () => {
  const alt = row({ id: "a1", test: "ALT", code: "LB0214", value: 120, unit: "U/L", range: "<=40" });
  const bili = row({ id: "b1", test: "BILI", code: "LB0217", value: 2.5, unit: "mg/dL", range: "0.1 - 1.2" });
  const glucose = row({ id: "g1", test: "GLUC", code: "LB0208", value: 90, unit: "mg/dL", range: "70-99" });

  it("offers the panel with a liver test's upper limit, and draws it ×ULN whatever scale= says", () => {
    const out = trendOf(input([], [glucose, alt, bili]), new URLSearchParams("trend=liver&scale=raw"));
    expect(out.options.map((o) => o.value)).toEqual(["LB0208", "LB0214", "LB0217", "liver"]);
    expect([out.chosen?.kind, out.trend?.scale, out.ulnAvailable]).toEqual(["liver", "uln", true]);
    // 120 / 40 = 3; 2.5 / 1.2 = 2.0833...: 2.083.
    expect(out.trend?.series.map((s) => [s.label, s.points.map((p) => p.value)])).toEqual([
      ["ALT", [3]],
      ["Total bilirubin", [2.083]],
    ]);
  });

  it("does not offer it without a liver test with an upper limit: trend=liver shows the first test", () => {
    const out = trendOf(input([], [glucose, { ...alt, range: "See report" }]), new URLSearchParams("trend=liver"));
    expect(out.options.map((o) => o.value)).toEqual(["LB0208", "LB0214"]);
    expect(out.chosen?.value).toBe("LB0208");
  });
});
