import { describe, expect, it } from "vitest";
import { leftOutHref, parseSubjectDrill, spiderScale, spiderSubjects, swimmerPage, swimmerSort } from "./query";

const q = (s: string) => new URLSearchParams(s);

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
  ])("%s", (value, drill) => expect(parse(value)).toEqual(drill));

  it.each(["", "signed", "signed-XX", "Signed-PR", "signed-pr", "signed-PR ", "both-PR", "signed-PR-CR"])(
    "%j falls back to every subject",
    (value) => expect(parse(value)).toBeNull(),
  );
  it("without the parameter: every subject", () => expect(parseSubjectDrill(new URLSearchParams())).toBeNull());
});

describe("leftOutHref", () => {
  it("opens the summary's list of subjects left out, filtered to exactly the reason, options kept", () =>
    expect(
      leftOutHref("/studies/c/ONC-101", { options: { confirm: true, minSdDays: 42 }, bor: "signed" }, "no baseline"),
    ).toBe("/studies/c/ONC-101/tumour-response?confirm=1&bor=signed&lo_f_reason=%3Dno+baseline#response-left-out"));
});
