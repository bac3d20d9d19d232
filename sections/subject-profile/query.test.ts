import { describe, expect, it } from "vitest";
import {
  chooseGridPage,
  chooseVisitsPerPage,
  dayOneHref,
  gridPageValue,
  profileDayOne,
  studyDrugRecordsHref,
  withParam,
} from "./query";
import { keptSearchParams } from "./ui/kept-state";

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

describe("day 1 of the study days: day1=baseline, else the first dose", () => {
  it.each([
    ["baseline", "baseline"],
    ["first-dose", "first-dose"],
    [null, "first-dose"],
    ["Baseline", "first-dose"],
    ["<b>", "first-dose"],
  ])("day1=%s is %s", (param, anchor) => expect(profileDayOne(param)).toBe(anchor));

  it("writes the choice into the page's links, the default as no parameter at all", () => {
    const kept = keptSearchParams(new URLSearchParams("day1=baseline&grid=2&other=x"));
    expect(kept.toString()).toBe("grid=2&day1=baseline");
    expect(keptSearchParams(new URLSearchParams("day1=nope")).toString()).toBe("");
    expect(dayOneHref(kept, "first-dose")).toBe("?grid=2#subject-timeline-title");
    expect(dayOneHref(new URLSearchParams("grid=2"), "baseline")).toBe("?grid=2&day1=baseline#subject-timeline-title");
  });

  it("opens the medications table at the study-drug records, its other filters and page afresh", () => {
    const kept = new URLSearchParams("med_f_drug=x&med_page=3&med_sort=start.asc&ae_page=2");
    expect(studyDrugRecordsHref(kept)).toBe("?med_sort=start.asc&ae_page=2&med_f_study=%3DYes#subject-medications");
  });
});
