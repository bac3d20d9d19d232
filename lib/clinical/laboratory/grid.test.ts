import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { labGrid, testKey } from "./grid";

let n = 0;
/** A laboratory row of subject S1; every expected value below is worked out by hand from the rules. */
const lab = (over: Partial<MeasurementRow>): MeasurementRow => ({
  id: `r${++n}`,
  subjectId: "S1",
  test: "ALT",
  code: "LB0214",
  visit: "Screening",
  collectedAt: "2023-01-10T08:00:00",
  value: null,
  text: null,
  unit: "U/L",
  range: "<=40",
  ...over,
});

describe("testKey", () => {
  it.each([
    [{ code: "LB0214", test: "ALT" }, "LB0214"],
    [{ code: null, test: "MONO" }, "MONO"],
  ])("%j is keyed %s", (row, key) => expect(testKey(row)).toBe(key));
});

describe("labGrid: columns are visits in date order", () => {
  const grid = labGrid([
    lab({ visit: "Cycle 2 Day 1", collectedAt: "2023-03-01T09:00:00", value: 20 }),
    lab({ visit: "Unscheduled", collectedAt: null, value: 21 }),
    lab({ visit: "Screening", collectedAt: "2023-01-10T08:00:00", value: 22 }),
    lab({ visit: null, collectedAt: "2023-02-15T10:00:00", value: 23 }),
    lab({ visit: null, collectedAt: "2023-02-15T11:00:00", test: "K", code: "LB0202", value: 4, unit: "mmol/L" }),
    lab({ visit: "Cycle 1 Day 1", collectedAt: "2023-02-01T07:30:00", value: 24 }),
  ]);

  it("orders dated visits by date, groups results without a visit by date, and puts undated visits last", () =>
    expect(grid.columns.map((c) => [c.visit, c.date])).toEqual([
      ["Screening", "2023-01-10"],
      ["Cycle 1 Day 1", "2023-02-01"],
      [null, "2023-02-15"],
      ["Cycle 2 Day 1", "2023-03-01"],
      ["Unscheduled", null],
    ]));

  it("places each result in its visit's column, the test's one unit said by its row, not by each cell", () => {
    expect(grid.rows.map((r) => r.key)).toEqual(["LB0214", "LB0202"]);
    expect(grid.rows.map((r) => r.units)).toEqual([["U/L"], ["mmol/L"]]);
    expect(grid.rows[0].cells.map((c) => c?.text ?? null)).toEqual(["22", "24", "23", "20", "21"]);
    expect(grid.rows[1].cells.map((c) => c?.text ?? null)).toEqual([null, null, "4", null, null]);
  });
});

describe("labGrid: a cell's value and flag, its unit in a test of two units", () => {
  it.each([
    // value, text, unit, range, shown alone, shown beside a result in another unit, flag
    [52, null, "U/L", "<=40", "52 H", "52 U/L H", "H"],
    [40, null, "U/L", "<=40", "40", "40 U/L", "N"],
    [35, null, "U/L", "<35", "35 H", "35 U/L H", "H"],
    [3.4, null, "mmol/L", "3.5-5.0", "3.4 L", "3.4 mmol/L L", "L"],
    [5, null, "mmol/L", "3.5 - 5.0", "5", "5 mmol/L", "N"],
    [59, null, "mL/min/1.73m2", ">=60", "59 L", "59 mL/min/1.73m² L", "L"],
    [0, null, "10^9/L", "<0.2", "0", "0 10⁹/L", "N"],
    [7, null, "U/L", "See report", "7", "7 U/L", null],
    [7, null, "U/L", null, "7", "7 U/L", null],
    [30, null, null, "<=40", "30", "30 (no unit)", "N"],
    [null, "Trace", null, "Negative", "Trace", "Trace", null],
    [null, null, null, null, "(no value)", "(no value)", null],
  ])("%s %s %s against %s shows %j, or %j", (value, text, unit, range, alone, twoUnits, flag) => {
    const cell = labGrid([lab({ value, text, unit, range })]).rows[0].cells[0]!;
    expect(cell.text).toBe(alone);
    expect(cell.results[0].flag).toBe(flag);
    expect(cell.results[0].range).toBe(range);
    // A result of the test in another unit at a later visit: every cell of the row names its unit.
    const other = lab({ visit: "V2", collectedAt: "2023-02-10T08:00:00", value: 1, unit: "other", range: null });
    expect(labGrid([lab({ value, text, unit, range }), other]).rows[0].cells[0]!.text).toBe(twoUnits);
  });

  it("gives the collection time without the T and the raw range text on hover", () => {
    const cell = labGrid([lab({ value: 52 })]).rows[0].cells[0]!;
    expect(cell.title).toBe("collected 2023-01-10 08:00, reference range <=40");
    const none = labGrid([lab({ value: 7, range: null, collectedAt: null })]).rows[0].cells[0]!;
    expect(none.title).toBe("collected (no time), no reference range");
  });
});

describe("labGrid: two results of one test at one visit", () => {
  const grid = labGrid([
    lab({ collectedAt: "2023-01-10T10:00:00", value: 45 }),
    lab({ collectedAt: "2023-01-10T08:00:00", value: 35 }),
  ]);
  const cell = grid.rows[0].cells[0]!;

  it("keeps both, in the order of collection, with a note", () => {
    expect(grid.columns).toHaveLength(1);
    expect(cell.text).toBe("35; 45 H");
    expect(cell.note).toBe("2 results at this visit");
    expect(cell.title).toBe(
      "35: collected 2023-01-10 08:00, reference range <=40\n" +
        "45 H: collected 2023-01-10 10:00, reference range <=40",
    );
    expect(grid.counts.repeated).toBe(1);
  });
});

describe("labGrid: unit changes along a test", () => {
  const gluc = (visit: string, day: string, value: number, unit: string | null, range: string) =>
    lab({ test: "GLUC", code: "LB0208", visit, collectedAt: `2023-0${day}T08:00:00`, value, unit, range });
  const grid = labGrid([
    gluc("V1", "1-10", 90, "mg/dL", "70-99"),
    gluc("V2", "2-10", 5.2, "mmol/L", "3.9-5.5"),
    gluc("V3", "3-10", 6.1, "mmol/L", "3.9-5.5"),
    gluc("V4", "4-10", 100, null, "70-99"),
    gluc("V5", "5-10", 95, "mg/dL", "70-99"),
  ]);
  const row = grid.rows[0];

  it("lists the units in date order, no unit included", () => expect(row.units).toEqual(["mg/dL", "mmol/L", null]));

  it("marks the first result in each new unit", () =>
    expect(row.cells.map((c) => c?.unitChange)).toEqual([
      null,
      "Unit changed from mg/dL to mmol/L",
      null,
      "Unit changed from mmol/L to no unit",
      "Unit changed from no unit to mg/dL",
    ]));

  it("flags each result against its own record's range", () =>
    expect(row.cells.map((c) => c?.text)).toEqual([
      "90 mg/dL",
      "5.2 mmol/L",
      "6.1 mmol/L H",
      "100 (no unit) H",
      "95 mg/dL",
    ]));

  it("counts the test with a unit change, the result without a unit and the text results", () => {
    const withText = labGrid([lab({ value: null, text: "Trace", unit: null })]);
    expect(grid.counts).toEqual({ repeated: 0, unitChanges: 1, withoutUnit: 1, text: 0 });
    expect(withText.counts).toEqual({ repeated: 0, unitChanges: 0, withoutUnit: 0, text: 1 });
  });

  it("does not see a unit change in text results", () => {
    const mixed = labGrid([
      lab({ visit: "V1", value: 30 }),
      lab({ visit: "V2", collectedAt: "2023-02-10T08:00:00", value: null, text: "Haemolysed", unit: null }),
      lab({ visit: "V3", collectedAt: "2023-03-10T08:00:00", value: 31 }),
    ]);
    expect(mixed.rows[0].units).toEqual(["U/L"]);
    expect(mixed.rows[0].cells.map((c) => c?.unitChange)).toEqual([null, null, null]);
  });
});

describe("labGrid: an empty list", () => {
  it("has no columns and no rows", () =>
    expect(labGrid([])).toEqual({
      columns: [],
      rows: [],
      counts: { repeated: 0, unitChanges: 0, withoutUnit: 0, text: 0 },
    }));
});
