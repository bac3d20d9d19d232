/** The study filter's URL contract: what it reads, what it refuses (by name), what its links and chips carry. */
import { describe, expect, it } from "vitest";
import {
  MAX_SUBJECTS,
  parseStudyFilter,
  studyFilterChips,
  studyFilterParams,
  studyFilterWords,
  withStudyFilter,
} from "./study-filter";
import { fuzzedParams, fuzzStream, HOSTILE_VALUES } from "./url-fuzz-testing";

const parse = (query: string) => parseStudyFilter(new URLSearchParams(query));

describe("the study filter's parameters", () => {
  it("reads subjects (each once, in order) and the subgroups", () => {
    expect(parse("only_subjects=101-0002,101-0001,101-0002&only_sex=Female&only_age=65-74&only_race=White")).toEqual({
      subjects: ["101-0002", "101-0001"],
      subgroup: { sex: "Female", age: "65-74", race: "White" },
      ignored: [],
    });
  });

  it("ignores a value of the wrong form and names its parameter only", () => {
    const f = parse("only_sex=%3Cscript%3E&only_age=66&only_subjects=a%20b");
    expect(f).toEqual({ subjects: [], subgroup: {}, ignored: ["only_subjects", "only_sex", "only_age"] });
  });

  it("takes at most MAX_SUBJECTS subjects", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `S-${i}`).join(",");
    expect(parse(`only_subjects=${ids(MAX_SUBJECTS)}`).subjects).toHaveLength(MAX_SUBJECTS);
    expect(parse(`only_subjects=${ids(MAX_SUBJECTS + 1)}`)).toMatchObject({ subjects: [], ignored: ["only_subjects"] });
  });

  it("leaves the sections' own parameters of the same words alone", () => {
    expect(parse("sex=Female&subjects=101-0001&age=65-74")).toEqual({ subjects: [], subgroup: {}, ignored: [] });
  });

  it("holds bounded texts for fuzzed addresses, and reads back what it writes", () => {
    const rng = fuzzStream("study filter");
    for (let i = 0; i < 200; i++) {
      const params = fuzzedParams(rng, ["only_subjects", "only_sex", "only_age", "only_race"]);
      const f = parseStudyFilter(params);
      for (const id of f.subjects) expect(id.length).toBeLessThanOrEqual(64);
      for (const v of Object.values(f.subgroup)) expect(v.length).toBeLessThanOrEqual(64);
      for (const name of f.ignored) expect(name).toMatch(/^only_(subjects|sex|age|race)$/);
      expect(parseStudyFilter(studyFilterParams(f))).toEqual({ ...f, ignored: [] });
    }
    for (const value of HOSTILE_VALUES) {
      const race = parseStudyFilter(new URLSearchParams([["only_race", value]])).subgroup.race;
      // Plain words (NaN, constructor) are values like any other, which no subject has; markup never is one.
      if (race !== undefined) expect(race).toMatch(/^[\p{L}\p{N}][\p{L}\p{N} .,'()/+-]*$/u);
    }
    expect(parse(`only_race=${encodeURIComponent("<script>alert(1)</script>")}`).subgroup).toEqual({});
  });
});

describe("the study filter's links", () => {
  it("sets the filter on an address, keeping its other parameters and anchor", () => {
    const f = parse("only_sex=Female&only_subjects=101-0001");
    expect(withStudyFilter("/studies/c/S/laboratory?test=ALT&only_race=White#lab", f)).toBe(
      "/studies/c/S/laboratory?test=ALT&only_subjects=101-0001&only_sex=Female#lab",
    );
    expect(withStudyFilter("/studies/c/S", parse(""))).toBe("/studies/c/S");
  });

  it("says the filter in words for an export, and nothing without one", () => {
    expect(studyFilterWords(parse("only_subjects=101-0001&only_age=65-74"))).toEqual([
      "Study filter: Subject 101-0001; Age group: 65-74",
    ]);
    expect(studyFilterWords(parse(""))).toEqual([]);
  });

  it("makes one chip per chosen part, each the filter without it", () => {
    const chips = studyFilterChips(parse("only_subjects=101-0001,101-0002&only_sex=Female"));
    expect(chips.map((c) => [c.label, studyFilterParams(c.without).toString()])).toEqual([
      ["Subject 101-0001", "only_subjects=101-0002&only_sex=Female"],
      ["Subject 101-0002", "only_subjects=101-0001&only_sex=Female"],
      ["Sex: Female", "only_subjects=101-0001%2C101-0002"],
    ]);
  });
});
