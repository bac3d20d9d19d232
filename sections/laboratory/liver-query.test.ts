import { describe, expect, it } from "vitest";
import { firstValues, type LiverQuery, liverSearch, parseLiverQuery } from "./liver-query";

const parse = (query: string) => {
  const s = new URLSearchParams(query);
  return parseLiverQuery((name) => s.get(name));
};
const DEFAULT: LiverQuery = {
  params: { transaminase: "ALT", xThreshold: 3, yThreshold: 2, concurrentDays: 30 },
  quadrant: null,
  concurrent: false,
};

describe("parseLiverQuery: the URL's state, bounded, with defaults for anything else", () => {
  it("reads a full state", () =>
    expect(parse("enzyme=AST&x=5&y=1.5&days=14&quadrant=hys-law&concurrent=1")).toEqual({
      params: { transaminase: "AST", xThreshold: 5, yThreshold: 1.5, concurrentDays: 14 },
      quadrant: "hys-law",
      concurrent: true,
    }));

  it.each([
    [""],
    ["enzyme=ast"], // exact case only
    ["enzyme=GGT"],
    ["x=0.5"], // below 1
    ["x=21"], // above 20
    ["x=-3"],
    ["x=3e0"],
    ["x=Infinity"],
    ["x=NaN"],
    ["x=3.001"], // more than two decimals
    ["x="],
    ["y=0"],
    ["y=abc"],
    ["days=-1"],
    ["days=366"],
    ["days=1.5"],
    ["days=1000"],
    ["quadrant=constructor"],
    ["quadrant=Hys-law"],
    ["concurrent=yes"], // exactly 1 only
    ["concurrent=0"],
  ])("%j gives the defaults", (query) => expect(parse(query)).toEqual(DEFAULT));

  it.each([
    ["x=1", 1],
    ["x=20", 20],
    ["x=2.25", 2.25],
  ])("%j is within bounds", (query, x) => expect(parse(query).params.xThreshold).toBe(x));

  it.each([
    ["days=0", 0],
    ["days=365", 365],
  ])("%j is within bounds", (query, days) => expect(parse(query).params.concurrentDays).toBe(days));
});

describe("liverSearch and firstValues", () => {
  it("leaves defaults out and writes the rest", () => {
    expect(liverSearch(DEFAULT)).toBe("");
    expect(liverSearch({ ...DEFAULT, quadrant: "temple" })).toBe("?quadrant=temple");
    const all = parse("enzyme=AST&x=5&y=1.5&days=14&quadrant=normal&concurrent=1");
    expect(liverSearch(all)).toBe("?enzyme=AST&x=5&y=1.5&days=14&quadrant=normal&concurrent=1");
    expect(parse(liverSearch(all).slice(1))).toEqual(all);
  });

  it("reads the first of repeated values", () => {
    const get = firstValues({ x: ["4", "5"], y: "1.5", days: undefined });
    expect([get("x"), get("y"), get("days"), get("other")]).toEqual(["4", "1.5", null, null]);
  });
});
