import { describe, expect, it } from "vitest";
import { spiderScale, spiderSubjects, swimmerPage, swimmerSort } from "./plot-query";

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
