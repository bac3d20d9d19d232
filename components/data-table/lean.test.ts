import { describe, expect, it } from "vitest";
import { columnsInUse, isLean, LEAN_MAX_ROWS } from "./lean";

const plain = { columnFilters: [], globalFilter: "" };

describe("a lean table", () => {
  it("is one of ten rows or fewer", () => {
    expect(LEAN_MAX_ROWS).toBe(10);
    expect(isLean(0, plain)).toBe(true);
    expect(isLean(9, plain)).toBe(true);
    expect(isLean(10, plain)).toBe(true);
    expect(isLean(11, plain)).toBe(false);
  });
  it("keeps its controls while a filter or search narrows it", () => {
    expect(isLean(5, { columnFilters: [{ id: "sex", value: "F" }], globalFilter: "" })).toBe(false);
    expect(isLean(5, { columnFilters: [], globalFilter: "S1" })).toBe(false);
  });
  it("is not lean where its rows do not fit one page the server cut", () => {
    expect(isLean(8, plain, 5)).toBe(false);
    expect(isLean(8, plain, 10)).toBe(true);
  });
});

it("names the columns that sort or filter the view", () => {
  const view = { sorting: [{ id: "grade", desc: true }], columnFilters: [{ id: "term", value: "Nausea" }] };
  expect([...columnsInUse(view)].sort()).toEqual(["grade", "term"]);
});
