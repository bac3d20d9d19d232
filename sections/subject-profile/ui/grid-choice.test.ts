import { describe, expect, it } from "vitest";
import { chooseGridPage, chooseVisitsPerPage, gridPageValue } from "./grid-choice";

describe("chooseGridPage: the URL's page of visits, else the first", () => {
  it.each([
    ["1", 1],
    ["3", 3],
    ["9999", 9999],
    [null, 1],
    ["", 1],
    ["0", 1],
    ["-2", 1],
    ["02", 1],
    ["2.5", 1],
    ["10000", 1],
    ["<b>", 1],
  ])("grid=%s is page %s", (param, page) => expect(chooseGridPage(param)).toBe(page));
});

describe("chooseVisitsPerPage: 6, 12 or 24, else 12", () => {
  it.each([
    ["6", 6],
    ["12", 12],
    ["24", 24],
    [null, 12],
    ["48", 12],
    ["1", 12],
    ["x", 12],
  ])("grid_visits=%s is %s", (param, size) => expect(chooseVisitsPerPage(param)).toBe(size));
});

describe("gridPageValue", () => {
  it.each([
    [1, null],
    [2, "2"],
  ])("page %s is written %s", (page, value) => expect(gridPageValue(page)).toBe(value));
});
