import { describe, expect, it } from "vitest";
import { searchParamsOf } from "@/lib/http/url";
import { type LiverQuery, liverSearch, parseLiverQuery } from "./liver-query";

const parse = (query: string) => parseLiverQuery(new URLSearchParams(query));
const DEFAULT: LiverQuery = {
  settings: {
    transaminase: "ALT",
    xThreshold: 3,
    yThreshold: 2,
    concurrentDays: 30,
    scale: "uln",
    peaks: "on-treatment",
    windowDays: 30,
  },
  quadrant: null,
  concurrent: false,
  only: null,
};

describe("parseLiverQuery: the URL's state, bounded, with defaults for anything else", () => {
  it("reads a full state", () =>
    expect(
      parse("enzyme=AST&x=5&y=1.5&days=14&peaks=all&window=7&scale=baseline&quadrant=hys-law&concurrent=1"),
    ).toEqual({
      settings: {
        transaminase: "AST",
        xThreshold: 5,
        yThreshold: 1.5,
        concurrentDays: 14,
        scale: "baseline",
        peaks: "all",
        windowDays: 7,
      },
      quadrant: "hys-law",
      concurrent: true,
      only: null,
    }));

  it.each([
    ["only=no-first-dose", "no-first-dose"],
    ["only=no-on-treatment", "no-on-treatment"],
  ])("%j lists only the subjects a data note counts", (query, only) => expect(parse(query).only).toBe(only));

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
    ["peaks=ALL"],
    ["peaks=on-treatment"], // the default, written out
    ["peaks="],
    ["window=366"], // beyond the longest window
    ["window=-1"],
    ["window=7.5"],
    ["scale=ULN"],
    ["scale=uln"],
    ["scale=log"],
    ["only=all"],
    ["only=No-first-dose"],
  ])("%j gives the defaults", (query) => expect(parse(query)).toEqual(DEFAULT));

  it.each([
    ["x=1", 1],
    ["x=20", 20],
    ["x=2.25", 2.25],
  ])("%j is within bounds", (query, x) => expect(parse(query).settings.xThreshold).toBe(x));

  it.each([
    ["days=0", 0],
    ["days=365", 365],
  ])("%j is within bounds", (query, days) => expect(parse(query).settings.concurrentDays).toBe(days));

  it.each([
    ["window=0", 0],
    ["window=365", 365],
  ])("%j is within bounds", (query, days) => expect(parse(query).settings.windowDays).toBe(days));
});

describe("liverSearch, and repeated values", () => {
  it("leaves defaults out and writes the rest", () => {
    expect(liverSearch(DEFAULT)).toBe("");
    expect(liverSearch({ ...DEFAULT, quadrant: "temple" })).toBe("?quadrant=temple");
    const all = parse("enzyme=AST&x=5&y=1.5&days=14&quadrant=normal&concurrent=1");
    expect(liverSearch(all)).toBe("?enzyme=AST&x=5&y=1.5&days=14&quadrant=normal&concurrent=1");
    expect(parse(liverSearch(all).slice(1))).toEqual(all);
    const more = parse("scale=baseline&window=0&peaks=all&only=no-first-dose");
    expect(liverSearch(more)).toBe("?peaks=all&window=0&scale=baseline&only=no-first-dose");
    expect(parse(liverSearch(more).slice(1))).toEqual(more);
  });

  it("reads the first of repeated values, as the page's search parameters give them", () => {
    const searchParams = searchParamsOf({ x: ["4", "5"], y: "1.5", days: undefined });
    expect([searchParams.get("x"), searchParams.get("y"), searchParams.get("days"), searchParams.get("other")]).toEqual(
      ["4", "1.5", null, null],
    );
    expect(parseLiverQuery(searchParams).settings).toEqual({ ...DEFAULT.settings, xThreshold: 4, yThreshold: 1.5 });
  });
});
