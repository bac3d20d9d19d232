import { describe, expect, it } from "vitest";
import { chooseGridPage, chooseVisitsPerPage, gridPageValue, withParam } from "./query";

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

describe("withParam: links keep the page's other state", () => {
  it.each([
    ["sort=term&trend=LB0101", "trend", "LB0214", "?sort=term&trend=LB0214"],
    ["", "trend", "vs:VS0008", "?trend=vs%3AVS0008"],
    ["trend=LB0214&scale=uln", "scale", null, "?trend=LB0214"],
    ["scale=uln", "scale", null, "?"],
  ])("%j with %s=%s is %s", (search, name, value, href) =>
    expect(withParam(new URLSearchParams(search), name, value)).toBe(href),
  );
});
