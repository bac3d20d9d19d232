import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { measurementTests, timeOf, trendSeries } from "./trend-series";

let n = 0;
/** A laboratory row of subject S1; every expected value below is worked out by hand from the rules. */
const lab = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: `r${++n}`,
  subjectId: "S1",
  test: "ALT",
  code: "LB0214",
  visit: null,
  collectedAt: "2023-01-01T00:00:00",
  value: null,
  text: null,
  unit: "U/L",
  range: "<=40",
  ...over,
});
const at = (iso: string) => new Date(`${iso}Z`).getTime();
const values = (t: ReturnType<typeof trendSeries>) => t.series.map((s) => [s.label, s.points.map((p) => p.value)]);

describe("timeOf: the collection time as wall-clock UTC", () => {
  it.each([
    ["2023-01-10T08:30:00", at("2023-01-10T08:30:00")],
    ["2023-01-10T08:30", at("2023-01-10T08:30:00")],
    ["2023-01-10", at("2023-01-10T00:00:00")],
    ["2023-01-10T08:30:00+02:00", at("2023-01-10T08:30:00")],
    ["2023-02-30T00:00:00", null],
    ["2023-01-10T25:00:00", null],
    ["01/10/2023", at("2023-01-10T00:00:00")],
    ["yesterday", null],
    [null, null],
  ])("%j is %s", (text, t) => expect(timeOf(text)).toBe(t));
});

describe("measurementTests", () => {
  it("lists each key once, by service code or else by name, in the order of first appearance", () =>
    expect(
      measurementTests([
        lab({}),
        lab({ test: "MONO", code: null, value: 0.5, unit: null }),
        lab({ value: 31 }),
        lab({ value: 3, unit: "ukat/L" }),
        lab({ test: "Blood Pressure Positioning", code: null, text: "Sitting", unit: null }),
      ]),
    ).toEqual([
      // Each with the unit of its first numeric result: ALT's first row has no value, its second is in U/L.
      { key: "LB0214", test: "ALT", unit: "U/L" },
      { key: "MONO", test: "MONO", unit: null },
      { key: "Blood Pressure Positioning", test: "Blood Pressure Positioning", unit: null },
    ]));
});

describe("trendSeries: a change of unit is two series, never one", () => {
  const gluc = (day: string, value: number, unit: string | null) =>
    lab({ test: "GLUC", code: "LB0208", collectedAt: `2023-${day}T08:00:00`, value, unit, range: null });

  it.each([
    [
      "mg/dL to mmol/L and back",
      [
        gluc("01-10", 90, "mg/dL"),
        gluc("02-10", 5.2, "mmol/L"),
        gluc("03-10", 6.1, "mmol/L"),
        gluc("04-10", 95, "mg/dL"),
      ],
      [
        ["GLUC (mg/dL)", [90, 95]],
        ["GLUC (mmol/L)", [5.2, 6.1]],
      ],
    ],
    [
      "a result without a unit between two in U/L",
      [gluc("01-10", 30, "U/L"), gluc("02-10", 25, null), gluc("03-10", 50, "U/L")],
      [
        ["GLUC (U/L)", [30, 50]],
        ["GLUC (no unit)", [25]],
      ],
    ],
    [
      "records sent out of time order",
      [gluc("03-10", 3, "mg/dL"), gluc("01-10", 1, "mg/dL"), gluc("02-10", 2, "mg/dL")],
      [["GLUC (mg/dL)", [1, 2, 3]]],
    ],
  ])("%s", (_, rows, expected) => expect(values(trendSeries(rows, "LB0208", "raw"))).toEqual(expected));

  it("plots only the chosen test", () => {
    const rows = [gluc("01-10", 90, "mg/dL"), lab({ value: 20 })];
    expect(values(trendSeries(rows, "LB0214", "raw"))).toEqual([["ALT (U/L)", [20]]]);
    expect(trendSeries(rows, "NOPE", "raw")).toMatchObject({ test: "NOPE", series: [] });
  });
});

describe("trendSeries: a reference band per record", () => {
  // Ranges change between records: each band reaches halfway to the neighbouring records.
  const rows = [
    lab({ collectedAt: "2023-01-01T00:00:00", value: 30, range: "<=40" }),
    lab({ collectedAt: "2023-01-03T00:00:00", value: 38, range: "<=35" }),
    lab({ collectedAt: "2023-01-07T00:00:00", value: 8, range: "10-45" }),
    lab({ collectedAt: "2023-01-09T00:00:00", value: 20, range: "Normal" }),
    lab({ collectedAt: "2023-01-11T00:00:00", value: 60, range: ">=60" }),
  ];
  const points = trendSeries(rows, "LB0214", "raw").series[0].points;

  it.each([
    [0, { x1: at("2022-12-31T12:00:00"), x2: at("2023-01-02T00:00:00"), low: null, high: 40 }, "N"],
    [1, { x1: at("2023-01-02T00:00:00"), x2: at("2023-01-05T00:00:00"), low: null, high: 35 }, "H"],
    [2, { x1: at("2023-01-05T00:00:00"), x2: at("2023-01-08T00:00:00"), low: 10, high: 45 }, "L"],
    [3, null, null],
    [4, { x1: at("2023-01-10T00:00:00"), x2: at("2023-01-11T12:00:00"), low: 60, high: null }, "N"],
  ])("record %i: band %j, flag %s", (i, band, flag) => {
    expect(points[i].band).toEqual(band);
    expect(points[i].flag).toBe(flag);
  });

  it("gives a lone record half a day either side, as it does the first and last outwards", () =>
    expect(trendSeries([lab({ value: 1 })], "LB0214", "raw").series[0].points[0].band).toEqual({
      x1: at("2022-12-31T12:00:00"),
      x2: at("2023-01-01T12:00:00"),
      low: null,
      high: 40,
    }));

  it("keeps each unit's bands to its own series", () => {
    const trend = trendSeries(
      [
        lab({ collectedAt: "2023-01-01T00:00:00", value: 90, unit: "mg/dL", range: "70-99" }),
        lab({ collectedAt: "2023-01-03T00:00:00", value: 5, unit: "mmol/L", range: "3.9-5.5" }),
        lab({ collectedAt: "2023-01-05T00:00:00", value: 95, unit: "mg/dL", range: "70-99" }),
      ],
      "LB0214",
      "raw",
    );
    expect(trend.series.map((s) => s.points.map((p) => p.band))).toEqual([
      [
        { x1: at("2022-12-31T12:00:00"), x2: at("2023-01-03T00:00:00"), low: 70, high: 99 },
        { x1: at("2023-01-03T00:00:00"), x2: at("2023-01-05T12:00:00"), low: 70, high: 99 },
      ],
      [{ x1: at("2023-01-02T12:00:00"), x2: at("2023-01-03T12:00:00"), low: 3.9, high: 5.5 }],
    ]);
  });
});

describe("trendSeries: raw or ×ULN", () => {
  const rows = [
    lab({ collectedAt: "2023-01-01T00:00:00", value: 80, range: "<=40" }),
    lab({ collectedAt: "2023-01-02T00:00:00", value: 20, range: "<=40" }),
    lab({ collectedAt: "2023-01-03T00:00:00", value: 75, range: "10-50" }),
    lab({ collectedAt: "2023-01-04T00:00:00", value: 30, range: ">=10" }),
    lab({ collectedAt: "2023-01-05T00:00:00", value: 30, range: null }),
    lab({ collectedAt: "2023-01-06T00:00:00", value: 30, range: "See report" }),
  ];

  it("plots every numeric result raw", () => {
    const raw = trendSeries(rows, "LB0214", "raw");
    expect(values(raw)).toEqual([["ALT (U/L)", [80, 20, 75, 30, 30, 30]]]);
    expect(raw.excluded).toEqual({ text: 0, noValue: 0, noTime: 0, noUln: 0 });
  });

  it("divides by each record's own upper limit, and leaves out (and counts) records without one", () => {
    const uln = trendSeries(rows, "LB0214", "uln");
    expect(values(uln)).toEqual([["ALT (U/L)", [2, 0.5, 1.5]]]);
    expect(uln.series[0].points.map((p) => [p.raw, p.flag])).toEqual([
      [80, "H"],
      [20, "N"],
      [75, "H"],
    ]);
    expect(uln.excluded).toEqual({ text: 0, noValue: 0, noTime: 0, noUln: 3 });
  });

  it.each([
    // value, range, ×ULN by hand to a thousandth, as the eDISH view reads the same result (docs/clinical-rules.md)
    [119.95, "<=40", 2.999], // 2.99875: below 3 ×ULN, as eDISH says, not "3"
    [0.3, "<=0.1", 3], // 3, not 2.9999999999999996
    [46, "<35", 1.314], // 1.3142857...
  ])("reads %s against %s as %s ×ULN, as the eDISH view does", (value, range, times) =>
    expect(values(trendSeries([lab({ value, range })], "LB0214", "uln"))).toEqual([["ALT (U/L)", [times]]]),
  );

  it("draws the ×ULN band from the lower limit's share of the upper one up to 1", () =>
    expect(trendSeries(rows, "LB0214", "uln").series[0].points.map((p) => [p.band?.low, p.band?.high])).toEqual([
      [null, 1],
      [null, 1],
      [0.2, 1],
    ]));
});

describe("trendSeries: what cannot be plotted is counted", () => {
  it("counts text results, results without a value and results without a time", () => {
    const trend = trendSeries(
      [
        lab({ value: null, text: "Trace" }),
        lab({ value: null, text: "Haemolysed" }),
        lab({ value: null, text: null }),
        lab({ value: 12, collectedAt: null }),
        lab({ value: 13, collectedAt: "unknown" }),
        lab({ value: 14 }),
      ],
      "LB0214",
      "raw",
    );
    expect(values(trend)).toEqual([["ALT (U/L)", [14]]]);
    expect(trend.excluded).toEqual({ text: 2, noValue: 1, noTime: 2, noUln: 0 });
  });
});
