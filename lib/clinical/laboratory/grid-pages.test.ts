import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { labGrid } from "./grid";
import { gridPage, pageCount, pageOfColumn, pageSpans, resultPlaces } from "./grid-pages";

// Five visits in date order (V5 has no date, so it is last); ALT at every visit, changing unit at V3; K at V2 only.
// Every expected value below is worked out by hand from these rows.
const ROWS: [string, string, string, string | null, number, string, string | null][] = [
  // id, test, visit, collected, value, unit, range
  ["a5", "ALT", "V5", null, 20, "U/L", "<=40"],
  ["a1", "ALT", "V1", "2023-01-10T08:00:00", 20, "U/L", "<=40"],
  ["a2", "ALT", "V2", "2023-02-10T08:00:00", 52, "U/L", "<=40"],
  ["a3", "ALT", "V3", "2023-03-10T08:00:00", 0.3, "ukat/L", null],
  ["a4", "ALT", "V4", "2023-04-10T08:00:00", 0.4, "ukat/L", null],
  ["k2", "K", "V2", "2023-02-10T08:00:00", 20, "mmol/L", "<=40"],
];
const CODES: Record<string, string> = { ALT: "LB0214", K: "LB0202" };
const measurement = ([id, test, visit, collectedAt, value, unit, range]: (typeof ROWS)[number]): MeasurementRow => ({
  ...{ id, subjectId: "S1", test, code: CODES[test], visit, collectedAt },
  ...{ value, text: null, unit, range },
});
const grid = labGrid(ROWS.map(measurement));
/** An ALT result at visit V1 on 10 January, collected at the time given. */
const lab2 = (id: string, at: string) => measurement([id, "ALT", "V1", at, 20, "U/L", "<=40"]);

describe("gridPage: two visits a page", () => {
  const page = (n: number) => gridPage(grid, n, 2);

  it.each([
    // asked, shown, first column index, visits
    [1, 1, 0, ["V1", "V2"]],
    [2, 2, 2, ["V3", "V4"]],
    [3, 3, 4, ["V5"]],
    [0, 1, 0, ["V1", "V2"]],
    [-4, 1, 0, ["V1", "V2"]],
    [9, 3, 4, ["V5"]],
    [Number.NaN, 1, 0, ["V1", "V2"]],
    [2.7, 2, 2, ["V3", "V4"]],
  ])("page %s shows page %s, from column %s: %j", (asked, shown, first, visits) => {
    const p = page(asked);
    expect([p.page, p.pages, p.size, p.first]).toEqual([shown, 3, 2, first]);
    expect(p.columns.map((c) => c.visit)).toEqual(visits);
  });

  it("keeps every test's row, with the cells of the page's visits only", () => {
    // ALT comes in two units, so each of its cells names one; potassium's one unit is its row's.
    expect(page(1).rows.map((r) => [r.key, r.cells.map((c) => c?.text ?? null)])).toEqual([
      ["LB0214", ["20 U/L", "52 U/L H"]],
      ["LB0202", [null, "20"]],
    ]);
    expect(page(3).rows.map((r) => [r.key, r.cells.map((c) => c?.text ?? null)])).toEqual([
      ["LB0214", ["20 U/L"]],
      ["LB0202", [null]],
    ]);
  });

  it("marks a unit change on the page of the visit where it happens, and keeps the test's units", () => {
    expect(page(1).rows[0].cells.map((c) => c?.unitChange ?? null)).toEqual([null, null]);
    expect(page(2).rows[0].cells.map((c) => c?.unitChange ?? null)).toEqual(["Unit changed from U/L to ukat/L", null]);
    expect(page(3).rows[0].cells[0]?.unitChange).toBe("Unit changed from ukat/L to U/L");
    expect(page(3).rows[0].units).toEqual(["U/L", "ukat/L"]);
  });
});

describe("pages of visits", () => {
  it.each([
    // columns, size, pages
    [0, 12, 1],
    [1, 12, 1],
    [12, 12, 1],
    [13, 12, 2],
    [48, 12, 4],
    [49, 12, 5],
  ])("%s visits at %s a page make %s pages", (columns, size, pages) => expect(pageCount(columns, size)).toBe(pages));

  it.each([
    [0, 12, 1],
    [11, 12, 1],
    [12, 12, 2],
    [47, 12, 4],
  ])("column index %s at %s a page is on page %s", (index, size, page) => expect(pageOfColumn(index, size)).toBe(page));

  it("spans each page's visits, from its first to its last date (an undated visit has none)", () =>
    expect(pageSpans(grid.columns, 2)).toEqual([
      { page: 1, from: 1, to: 2, firstDate: "2023-01-10", lastDate: "2023-02-10" },
      { page: 2, from: 3, to: 4, firstDate: "2023-03-10", lastDate: "2023-04-10" },
      { page: 3, from: 5, to: 5, firstDate: null, lastDate: null },
    ]));

  it("finds each result's row, column and place in its cell by its record ID", () => {
    const two = labGrid([lab2("x2", "2023-01-10T10:00:00"), lab2("x1", "2023-01-10T08:00:00")]);
    expect(Object.fromEntries(resultPlaces(grid))).toEqual({
      a1: { row: 0, column: 0, index: 0 },
      a2: { row: 0, column: 1, index: 0 },
      a3: { row: 0, column: 2, index: 0 },
      a4: { row: 0, column: 3, index: 0 },
      a5: { row: 0, column: 4, index: 0 },
      k2: { row: 1, column: 1, index: 0 },
    });
    // Two results at one visit, in the order of collection.
    expect(Object.fromEntries(resultPlaces(two))).toEqual({
      x1: { row: 0, column: 0, index: 0 },
      x2: { row: 0, column: 0, index: 1 },
    });
  });

  it("gives an empty grid one empty page", () => {
    const empty = gridPage(labGrid([]), 2, 12);
    expect([empty.page, empty.pages, empty.columns, empty.rows]).toEqual([1, 1, [], []]);
    expect(pageSpans([], 12)).toEqual([]);
  });
});
