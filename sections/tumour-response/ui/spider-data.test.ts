import { describe, expect, it } from "vitest";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { spiderData, spiderRows } from "./spider-data";
import { subjectOf } from "./test-subjects";

const STUDY = "/studies/c1/ONC-101";
const recomputed = parseResponseQuery(new URLSearchParams(""));
const signed = parseResponseQuery(new URLSearchParams("bor=signed"));

const SUBJECTS = [
  subjectOf({
    id: "A",
    best: -40,
    signed: "PR",
    recomputed: "PR",
    visits: [
      { day: 42, sum: 40, pct: -20, nadirPct: -20, overall: "SD", signed: "SD" },
      { day: 84, sum: 30, pct: -40, nadirPct: -25, overall: "PR", signed: "PR" },
      { day: 126, sum: 45, pct: -10, nadirPct: 50, overall: "PD", signed: "PD", newLesion: true },
    ],
  }),
  subjectOf({
    id: "B",
    baselineSum: 40,
    best: 25,
    signed: "SD",
    recomputed: "PD",
    visits: [
      { day: 40, pct: null, nadirPct: null, overall: "NE", signed: "SD" },
      { day: 80, sum: 50, pct: 25, nadirPct: 25, overall: "PD", signed: "SD" },
    ],
  }),
  subjectOf({ id: "C", notEvaluable: "no baseline" }),
  subjectOf({ id: "D", notEvaluable: "baseline sum 0", baselineSum: 0, visits: [{ day: 40, pct: null }] }),
  subjectOf({ id: "E", notEvaluable: "no post-baseline assessment" }),
  subjectOf({ id: "F", best: -5, signed: "SD", recomputed: "SD", visits: [{ day: 40, pct: -5, overall: "SD" }] }),
];

const lineValues = (d: ReturnType<typeof spiderData>) =>
  d.lines.map((l) => [l.subjectId, l.points.map((p) => p.value)]);

describe("the spider plot's lines", () => {
  it("by default: the drawable subjects, largest best change either way first, from 0 at baseline", () => {
    const d = spiderData(SUBJECTS, { studyHref: STUDY, query: recomputed, scale: "baseline", asked: null });
    expect(lineValues(d)).toEqual([
      ["A", [0, -20, -40, -10]],
      ["B", [0, 25]],
      ["F", [0, -5]],
    ]);
    expect(d.lines[0].points.map((p) => p.day)).toEqual([0, 42, 84, 126]);
    expect([d.unknown, d.cannotDraw, d.notFound, d.overBudget]).toEqual([1, 3, 0, 0]);
    expect(d.subjects.map((s) => [s.subjectId, s.bor])).toEqual([
      ["A", "PR"],
      ["B", "PD"],
      ["F", "SD"],
    ]);
    // −40 → −50 below; 25 → 30 → 40 above.
    expect(d.domain).toEqual([-50, 40]);
    // The last day drawn is 126: six-week ticks up to it.
    expect(d.days).toEqual({ start: 0, end: 126, ticks: [0, 42, 84, 126] });
  });

  it("from the nadir: the changes from the nadir, still 0 at baseline", () => {
    const d = spiderData(SUBJECTS, { studyHref: STUDY, query: recomputed, scale: "nadir", asked: null });
    expect(lineValues(d)[0]).toEqual(["A", [0, -20, -25, 50]]);
    // −25 → −30 → −40 below; 50 → 60 above.
    expect(d.domain).toEqual([-40, 60]);
  });

  it("marks the progression of the BOR chosen and every new lesion", () => {
    const marks = (query: typeof signed) =>
      spiderData(SUBJECTS, { studyHref: STUDY, query, scale: "baseline", asked: null }).lines.map((l) => [
        l.subjectId,
        l.points.filter((p) => p.progression).map((p) => p.day),
        l.points.filter((p) => p.newLesion).map((p) => p.day),
      ]);
    expect(marks(recomputed)).toEqual([
      ["A", [126], [126]],
      ["B", [80], []],
      ["F", [], []],
    ]);
    expect(marks(signed)).toEqual([
      ["A", [126], [126]],
      ["B", [], []],
      ["F", [], []],
    ]);
  });

  it("draws the subjects asked for, in their order, and counts those that cannot be drawn", () => {
    const d = spiderData(SUBJECTS, {
      studyHref: STUDY,
      query: recomputed,
      scale: "baseline",
      asked: ["F", "X", "D", "A"],
    });
    expect(d.lines.map((l) => l.subjectId)).toEqual(["F", "A"]);
    expect(d.notFound).toBe(2);
  });

  it("keeps the points within 5,000 by leaving whole lines out", () => {
    const visits = Array.from({ length: 3000 }, (_, i) => ({ day: i + 1, pct: -1 }));
    const big = [subjectOf({ id: "G1", best: -1, visits }), subjectOf({ id: "G2", best: -1, visits })];
    const d = spiderData(big, { studyHref: STUDY, query: recomputed, scale: "baseline", asked: null });
    expect(d.lines.map((l) => [l.subjectId, l.points.length])).toEqual([["G1", 3001]]);
    expect(d.overBudget).toBe(1);
  });
});

describe("the spider plot's table", () => {
  it("has one row per point drawn, with its markers", () => {
    const d = spiderData(SUBJECTS, { studyHref: STUDY, query: recomputed, scale: "baseline", asked: ["A"] });
    const rows = spiderRows(d.lines);
    expect(d.points).toBe(rows.length);
    expect(rows.map(({ subject__href: _, ...r }) => r)).toEqual([
      { subject: "A", day: 0, date: "2024-01-01", assessment: "A-A0", value: 0, sum: 50, response: null, marker: "" },
      {
        subject: "A",
        day: 42,
        date: "2024-02-12",
        assessment: "A-A1",
        value: -20,
        sum: 40,
        response: "SD",
        marker: "",
      },
      {
        subject: "A",
        day: 84,
        date: "2024-03-25",
        assessment: "A-A2",
        value: -40,
        sum: 30,
        response: "PR",
        marker: "",
      },
      {
        subject: "A",
        day: 126,
        date: "2024-05-06",
        assessment: "A-A3",
        value: -10,
        sum: 45,
        response: "PD",
        marker: "progression, new lesion",
      },
    ]);
    // The row's part inside subjectAround: the address the subject's line opens.
    expect(`${d.subjectAround[0]}${rows[0].subject__href}${d.subjectAround[1]}`).toBe(
      "/studies/c1/ONC-101/tumour-response/subjects/A",
    );
  });
});
