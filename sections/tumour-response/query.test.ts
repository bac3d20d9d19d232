import { describe, expect, it } from "vitest";
import {
  parseResponseQuery,
  parseSubjectDrill,
  responseHref,
  spiderScale,
  spiderSubjects,
  swimmerPage,
  swimmerSort,
} from "./query";

const q = (s: string) => new URLSearchParams(s);

describe("the shared state: day 1 and who N counts", () => {
  it.each([
    ["", "baseline", "evaluable"],
    ["day1=first-dose", "first-dose", "evaluable"],
    ["day1=baseline&population=itt", "baseline", "itt"],
    // Anything else is the default, never an error.
    ["day1=First-Dose&population=ITT", "baseline", "evaluable"],
    ["day1=<b>&population=all", "baseline", "evaluable"],
  ])("%j: day 1 %s, N %s", (query, dayOne, population) =>
    expect(parseResponseQuery(q(query))).toMatchObject({ dayOne, population }),
  );

  it("the links keep them, defaults left out", () => {
    const chosen = parseResponseQuery(q("day1=first-dose&population=itt&sd_days=56"));
    expect(responseHref("/x", chosen)).toBe("/x?sd_days=56&day1=first-dose&population=itt");
    expect(responseHref("/x", parseResponseQuery(q("day1=baseline&population=evaluable")))).toBe("/x");
  });
});

describe("the plots' URL state", () => {
  it.each([
    ["", "baseline"],
    ["scale=nadir", "nadir"],
    ["scale=NADIR", "baseline"],
    ["scale=<b>", "baseline"],
  ])("scale from %j is %s", (query, scale) => expect(spiderScale(q(query))).toBe(scale));

  it.each([
    ["", null],
    ["subjects=", null],
    ["subjects=101-0001", ["101-0001"]],
    ["subjects=101-0002,101-0001,101-0002", ["101-0002", "101-0001"]],
    ["subjects= 101-0001 ,,<b>x</b>,a b", ["101-0001"]],
    ["subjects=<script>", null],
  ])("subjects from %j are %j", (query, ids) => expect(spiderSubjects(q(query))).toEqual(ids));

  it("keeps at most 50 subjects", () => {
    const ids = Array.from({ length: 80 }, (_, i) => `S${i}`);
    expect(spiderSubjects(q(`subjects=${ids.join(",")}`))).toEqual(ids.slice(0, 50));
  });

  it.each([
    ["", "length"],
    ["sort=bor", "bor"],
    ["sort=length", "length"],
    ["sort=x", "length"],
  ])("sort from %j is %s", (query, sort) => expect(swimmerSort(q(query))).toBe(sort));

  it.each([
    ["", 1],
    ["page=3", 3],
    ["page=0", 1],
    ["page=-2", 1],
    ["page=2.5", 1],
    ["page=1e3", 1],
    ["page=9999999", 1],
  ])("page from %j is %d", (query, page) => expect(swimmerPage(q(query))).toBe(page));
});

const parse = (value: string) => parseSubjectDrill(new URLSearchParams({ subjects: value }));

describe("parseSubjectDrill: the summary's choice of subjects", () => {
  it.each([
    ["signed-PR", { source: "signed", group: "PR" }],
    ["recomputed-ORR", { source: "recomputed", group: "ORR" }],
    ["signed-N", { source: "signed", group: "N" }],
    ["recomputed-DCR", { source: "recomputed", group: "DCR" }],
    ["signed-Non-CR/Non-PD", { source: "signed", group: "Non-CR/Non-PD" }],
  ])("%s", (value, drill) => expect(parse(value)).toEqual(drill));

  it.each([
    "",
    "signed",
    "signed-XX",
    "Signed-PR",
    "signed-pr",
    "signed-PR ",
    "both-PR",
    "signed-PR-CR",
    "signed-non-cr/non-pd",
  ])("%j falls back to every subject", (value) => expect(parse(value)).toBeNull());
  it("without the parameter: every subject", () => expect(parseSubjectDrill(new URLSearchParams())).toBeNull());
});
