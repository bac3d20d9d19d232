import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type LabQuery, labSearch, logLeftOutHref, parseLabQuery } from "./query";

const parse = (qs: string) => parseLabQuery(new URLSearchParams(qs));
const q = (over: Partial<LabQuery>): LabQuery => ({ ...DEFAULT_QUERY, ...over });

describe("parseLabQuery", () => {
  it.each([
    ["nothing: the overview", "", q({})],
    [
      "everything",
      "test=code%3ALB0214&unit=U%2FL&visit=Screening&show=all&shift=high.N.H&subject=101-0001&subject=101-0002",
      q({
        test: "code:LB0214",
        unit: "U/L",
        visit: "Screening",
        show: "all",
        shift: { direction: "high", baseline: "N", worst: "H" },
        subjects: ["101-0001", "101-0002"],
      }),
    ],
    ["an empty unit or visit means none", "test=x&unit=&visit=", q({ test: "x", unit: null, visit: null })],
    ["a blank test is no test", "test=%20", q({})],
    ["an unknown choice falls back to the test's default", "show=everything", q({})],
    ["a malformed shift cell is dropped", "shift=low.X.L", q({})],
    ["a shift direction must be low or high", "shift=up.N.L", q({})],
    [
      "a row total: any category after",
      "shift=high.N.*",
      q({ shift: { direction: "high", baseline: "N", worst: null } }),
    ],
    ["a column total: any baseline", "shift=low.*.L", q({ shift: { direction: "low", baseline: null, worst: "L" } })],
    ["the grand total", "shift=low.*.*", q({ shift: { direction: "low", baseline: null, worst: null } })],
    ["a total is parsed strictly", "shift=high.N.**", q({})],
    ["no other wildcard", "shift=high.N.%3F", q({})],
    ["a value over 200 characters is dropped", `test=${"x".repeat(201)}&unit=${"u".repeat(201)}`, q({})],
    ["a data note's results", "issue=no-unit", q({ issue: "no-unit" })],
    ["an issue no note counts is none", "issue=everything", q({})],
    ["every test's results at a visit", "at=Week%204", q({ at: "Week 4" })],
    ["an empty visit: the results without one", "at=", q({ at: null })],
    ["a visit over 200 characters is dropped", `at=${"v".repeat(201)}`, q({})],
    ["repeated subjects count once", "subject=a&subject=a&subject=&subject=b", q({ subjects: ["a", "b"] })],
    ["a window of 0 days: up to the last dose", "window=0", q({ window: 0 })],
    ["the longest window", "window=365", q({ window: 365 })],
    ["a window over 365 days is not used, and said so", "window=366", q({ window: 30, windowIgnored: true })],
    ["a window that is no whole number is not used", "window=7.5", q({ window: 30, windowIgnored: true })],
    ["a negative window is not used", "window=-1", q({ window: 30, windowIgnored: true })],
    ["the results after the window", "phase=late", q({ phase: "late" })],
    ["the baselines found from the first dose", "phase=baseline-first-dose", q({ phase: "baseline-first-dose" })],
    ["an unknown part is none", "phase=during", q({})],
    ["a log value axis", "scale=log", q({ scale: "log" })],
    ["any other scale is linear", "scale=sqrt", q({})],
    ["the results of 0 or less", "value_max=0", q({ valueMax: 0 })],
    ["a negative bound with decimals", "value_max=-1.5", q({ valueMax: -1.5 })],
    ["-0 is 0", "value_max=-0", q({ valueMax: 0 })],
    ["no exponent", "value_max=1e3", q({})],
    ["at most nine digits before the point", "value_max=1234567890", q({})],
    ["at most six after it", "value_max=0.1234567", q({})],
    ["no number is no bound", "value_max=none", q({})],
    ["an empty bound is none", "value_max=", q({})],
  ])("%s", (_name, qs, expected) => expect(parse(qs)).toEqual(expected));

  it("keeps at most ten subjects", () => {
    const qs = Array.from({ length: 14 }, (_, i) => `subject=S${i}`).join("&");
    expect(parse(qs).subjects).toEqual(Array.from({ length: 10 }, (_, i) => `S${i}`));
  });
});

describe("labSearch", () => {
  it("leaves defaults out", () => {
    expect(labSearch({})).toBe("");
    expect(labSearch(DEFAULT_QUERY)).toBe("");
    expect(labSearch({ window: 30 })).toBe("");
    expect(labSearch({ window: 0 })).toBe("?window=0");
    expect(labSearch({ scale: "linear" })).toBe("");
    expect(labSearch({ scale: "log" })).toBe("?scale=log");
  });

  it("round-trips a full state, no unit and no visit included", () => {
    const full = q({
      test: "name:MONO",
      unit: null,
      visit: null,
      show: "low",
      shift: { direction: "low", baseline: "M", worst: "L" },
      subjects: ["a b", "c&d"],
      issue: "free-range",
      at: null,
      window: 7,
      phase: "baseline-fallback",
      scale: "log",
      valueMax: -0.25,
    });
    expect(parse(labSearch(full).slice(1))).toEqual(full);
  });

  it("writes a total's any category as *", () => {
    const row = q({ shift: { direction: "high", baseline: "N", worst: null } });
    expect(labSearch(row)).toBe("?shift=high.N.*");
    expect(parse(labSearch(row).slice(1))).toEqual(row);
  });
});

describe("logLeftOutHref: the count of results a log axis leaves out opens exactly them", () => {
  it("lists the series' numeric results of 0 or less, at every visit and part, the rest of the page kept", () => {
    const shown = q({
      test: "code:LB0214",
      unit: "U/L",
      visit: "Week 2",
      show: "high",
      shift: { direction: "high", baseline: "N", worst: "H" },
      subjects: ["S1"],
      window: 7,
      phase: "after",
      scale: "log",
    });
    expect(logLeftOutHref("/s/laboratory", shown, "g/L")).toBe(
      "/s/laboratory?test=code%3ALB0214&unit=g%2FL&show=numeric&subject=S1&window=7&scale=log&value_max=0#results",
    );
  });

  it("names a series without a unit by the empty unit", () =>
    expect(logLeftOutHref("/s/laboratory", q({ test: "name:MONO", scale: "log" }), null)).toBe(
      "/s/laboratory?test=name%3AMONO&unit=&show=numeric&scale=log&value_max=0#results",
    ));
});
