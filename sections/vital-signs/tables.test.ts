import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { LeftOutReason } from "@/lib/clinical/vital-signs/readings";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { VitalSignsView } from "./load";
import { boxRows, distributionTable, numberSummaryTable, vitalListingDef } from "./tables";

const summary = (n: number) => ({ n, mean: 120, sd: null, median: 120, q1: 120, q3: 120, min: 120, max: 120 });
const WHISKERS = { whiskerLow: 120, whiskerHigh: 120, outliers: [] };
const group = (
  visits: { visit: string; withRange: number; low: number; high: number }[],
  leftOut: ReadonlyMap<MeasurementRow, LeftOutReason> = new Map(),
): VitalGroupSummary => ({
  test: "Pulse",
  unit: "bpm",
  kind: "number",
  rows: [],
  numbers: { decimals: 0, visits: visits.map((v) => ({ ...v, summary: summary(3), whiskers: WHISKERS })) },
  texts: null,
  withRangeText: 3,
  leftOut,
});

describe("numberSummaryTable: every count opens its records", () => {
  it("the records with a range of a visit open the listing so filtered; none: no link", () => {
    const { columns, rows } = numberSummaryTable(
      "/s/vital-signs",
      group([
        { visit: "Week 1", withRange: 2, low: 0, high: 1 },
        { visit: "Week 2", withRange: 0, low: 0, high: 0 },
      ]),
    );
    expect(columns.find((c) => c.id === "withRange")?.href).toBe("range_href");
    expect(rows.map((r) => [r.withRange, r.range_href])).toEqual([
      [2, "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&range=1#vital-listing"],
      [0, null],
    ]);
    expect(rows[0].high_href).toBe("/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&vs_f_flag=H#vital-listing");
  });
});

describe("numberSummaryTable: where the group has records its summary leaves out", () => {
  it("each count opens the readings it counts (counted=1), so that n subjects open n records", () => {
    const left = new Map<MeasurementRow, LeftOutReason>([[{} as MeasurementRow, "earlier reading"]]);
    const { rows } = numberSummaryTable(
      "/s/vital-signs",
      group([{ visit: "Week 1", withRange: 1, low: 1, high: 0 }], left),
    );
    expect([rows[0].n_href, rows[0].range_href, rows[0].low_href]).toEqual([
      "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&counted=1#vital-listing",
      "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&range=1&counted=1#vital-listing",
      "/s/vital-signs?item=Pulse&unit=bpm&visit=Week+1&counted=1&vs_f_flag=L#vital-listing",
    ]);
  });
});

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

describe("vitalListingDef: the unit said once where the listing holds one", () => {
  const view = { listing: [] } as unknown as VitalSignsView;
  const headers = (g: Partial<VitalGroupSummary>) =>
    vitalListingDef(view, { ...group([]), ...g }, "/s").columns.map((c) => c.header);

  it("names a numeric group's one unit in the value's header, as a report writes it, with no unit column", () => {
    expect(headers({ unit: "F" })).toEqual([
      "Subject",
      "Item",
      "Visit",
      "Date",
      "Value (°F)",
      "Reference range",
      "Flag (L/N/H)",
      "In the summary",
    ]);
    expect(headers({ unit: null })).toContain("Value (no unit)");
  });

  it("keeps each text record's unit in a column of its own", () =>
    expect(headers({ kind: "text", unit: null }).slice(4, 6)).toEqual(["Result (text)", "Unit"]));
});
