import { describe, expect, it } from "vitest";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { swimmerData, swimmerRow } from "./swimmer-data";
import { subjectOf } from "./test-subjects";

const STUDY = "/studies/c1/ONC-101";
const recomputed = parseResponseQuery(new URLSearchParams(""));
const signed = parseResponseQuery(new URLSearchParams("bor=signed"));
const at = (sort: "length" | "bor", page = 1, query = recomputed) => ({ studyHref: STUDY, query, sort, page });

// Baselines on 2024-01-01 unless said; the study's latest assessment is L1's, 2024-05-06 (day 126).
const SUBJECTS = [
  subjectOf({
    id: "L1",
    recomputed: "PR",
    signed: "PR",
    visits: [
      { day: 42, overall: "SD", signed: "SD" },
      { day: 84, overall: "PR", signed: "PR" },
      { day: 126, overall: "PR", signed: "PR" },
    ],
  }),
  subjectOf({
    id: "L2",
    recomputed: "PD",
    signed: "PD",
    visits: [
      { day: 40, overall: "NE", signed: "SD" },
      { day: 80, overall: "PD", signed: "PD" },
    ],
  }),
  // Last assessed 2023-12-24: 134 days before 2024-05-06.
  subjectOf({
    id: "L3",
    start: "2023-10-01",
    recomputed: "SD",
    visits: [
      { day: 42, overall: "SD" },
      { day: 84, overall: "SD" },
    ],
  }),
  // Last assessed 2024-04-25: 11 days before.
  subjectOf({
    id: "L4",
    start: "2024-02-01",
    recomputed: "CR",
    visits: [
      { day: 42, overall: "CR" },
      { day: 84, overall: "CR" },
    ],
  }),
  subjectOf({ id: "L5", notEvaluable: "no baseline" }),
  // Baseline only, on 2024-03-01: 66 days before.
  subjectOf({ id: "L6", start: "2024-03-01", recomputed: "NE", notEvaluable: "no post-baseline assessment" }),
];

describe("the swimmer plot's bars", () => {
  it("are the subjects with a baseline, longest first, subject ID on a tie", () => {
    const d = swimmerData(SUBJECTS, at("length"));
    expect(d.bars.map((b) => [b.subjectId, b.days])).toEqual([
      ["L1", 126],
      ["L3", 84],
      ["L4", 84],
      ["L2", 80],
      ["L6", 0],
    ]);
    expect([d.total, d.noBaseline, d.latest, d.maxDays]).toEqual([5, 1, "2024-05-06", 126]);
  });

  it("sorted by BOR: CR, PR, SD, PD, NE, each longest first", () => {
    expect(swimmerData(SUBJECTS, at("bor")).bars.map((b) => b.subjectId)).toEqual(["L4", "L1", "L3", "L2", "L6"]);
  });

  it("carry an arrow when not progressed and last assessed at most 91 days before the study's latest", () => {
    const d = swimmerData(SUBJECTS, at("length"));
    expect(d.bars.map((b) => [b.subjectId, b.stillAssessed])).toEqual([
      ["L1", true],
      ["L3", false],
      ["L4", true],
      ["L2", false],
      ["L6", true],
    ]);
    const edge = [
      subjectOf({ id: "M1", visits: [{ day: 91, overall: "SD" }] }),
      subjectOf({ id: "M2" }),
      subjectOf({ id: "M3", start: "2023-12-31" }),
    ];
    expect(swimmerData(edge, at("length")).bars.map((b) => [b.subjectId, b.stillAssessed])).toEqual([
      ["M1", true],
      ["M2", true],
      ["M3", false],
    ]);
  });

  it("mark each assessment after baseline with its response as recomputed or as signed", () => {
    const marks = (query: typeof signed) =>
      swimmerData(SUBJECTS, at("length", 1, query)).bars[3].marks.map((m) => [m.day, m.response]);
    expect(marks(recomputed)).toEqual([
      [40, "NE"],
      [80, "PD"],
    ]);
    expect(marks(signed)).toEqual([
      [40, "SD"],
      [80, "PD"],
    ]);
  });

  it("come 50 a page; a page past the last shows the last", () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      subjectOf({ id: `P${String(i).padStart(3, "0")}`, visits: [{ day: i + 1, overall: "SD" }] }),
    );
    const d = swimmerData(many, at("length", 9));
    expect([d.page, d.pages, d.first, d.bars.length, d.bars[0].subjectId]).toEqual([3, 3, 101, 20, "P019"]);
  });
});

describe("the swimmer plot's table", () => {
  it("has one row per bar drawn with its markers", () => {
    const rows = swimmerData(SUBJECTS, at("length")).bars.map(swimmerRow);
    expect(rows.map(({ subject__href: _, ...r }) => r).slice(0, 2)).toEqual([
      {
        subject: "L1",
        days: 126,
        bor: "PR",
        response: 84,
        progression: null,
        ongoing: "Yes",
        marks: "42: SD; 84: PR; 126: PR",
      },
      { subject: "L3", days: 84, bor: "SD", response: null, progression: null, ongoing: "No", marks: "42: SD; 84: SD" },
    ]);
    expect(rows[3]).toMatchObject({ subject: "L2", progression: 80, ongoing: "No" });
  });

  it("links each row to its subject's response page with the shared state, as a click on its bar does", () => {
    const d = swimmerData(SUBJECTS, at("length"));
    const [before, after] = d.subjectAround;
    expect(
      d.bars
        .map(swimmerRow)
        .map((r) => `${before}${r.subject__href}${after}`)
        .slice(0, 2),
    ).toEqual(["/studies/c1/ONC-101/tumour-response/subjects/L1", "/studies/c1/ONC-101/tumour-response/subjects/L3"]);
  });
});
