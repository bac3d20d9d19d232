/**
 * The plots with subjects of non-target disease only (RECIST 1.1 Table 2: no target sum, so no waterfall bar and no
 * spider line, counted and said; a swimmer bar with its Non-CR/Non-PD markers) and with day 1 at the first dose (the
 * days shifted by the baseline's day since day 1). The values are written out by hand.
 */
import { describe, expect, it } from "vitest";
import { noteText } from "@/sections/frame/ui/notices";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { spiderNote, waterfallNote } from "../notes";
import { spiderData } from "./spider-data";
import { swimmerData, swimmerRow } from "./swimmer-data";
import { subjectOf } from "./test-subjects";
import { NON_TARGET_BEST, waterfallData } from "./waterfall-data";

const STUDY = "/studies/c1/ONC-101";
const q = parseResponseQuery(new URLSearchParams(""));
const NN = "Non-CR/Non-PD";

const SUBJECTS = [
  subjectOf({ id: "T1", best: -40, recomputed: "PR", visits: [{ day: 42, sum: 30, pct: -40, overall: "PR" }] }),
  // Non-target disease only: Non-CR/Non-PD at day 42, CR at day 84.
  subjectOf({
    id: "N1",
    nonTargetOnly: true,
    recomputed: "CR",
    signed: "CR",
    visits: [
      { day: 42, overall: NN, signed: NN, target: "None", nonTarget: NN },
      { day: 84, overall: "CR", signed: "CR", target: "None", nonTarget: "CR" },
    ],
  }),
  // No lesion at baseline: no sum.
  subjectOf({ id: "X1", notEvaluable: "no lesion at baseline", baselineSum: null, visits: [{ day: 42 }] }),
];
const links = { leftOut: (r: string) => `/lo/${r}`, noBar: "#no-bar", nonTargetOnly: "/nt" };

describe("subjects with non-target disease only in the plots", () => {
  it("the waterfall: no bar for N1, named and counted apart from the subjects without a known best change", () => {
    const w = waterfallData(SUBJECTS, STUDY, q);
    expect(w.bars.map((b) => b.subjectId)).toEqual(["T1"]);
    expect(w.nonTargetOnly.map((u) => u.subjectId)).toEqual(["N1"]);
    expect(w.unknown).toEqual([]);
    expect(w.notEvaluable).toBe(1);
    const row = w.rows.find((r) => r.subject === "N1");
    expect([row?.baseline, row?.best, row?.recomputed, row?.evaluable]).toEqual([null, null, "CR", NON_TARGET_BEST]);
  });

  it("the waterfall's and the spider plot's notes count them, linked to the summary's list", () => {
    const waterfall = waterfallNote(SUBJECTS, links);
    expect(noteText(waterfall!)).toBe(
      "Showing 1 of 3 subjects: 1 without a lesion at baseline, 1 evaluable with non-target disease only (no " +
        "target sum).",
    );
    expect(waterfall).toContainEqual({ text: "1 evaluable with non-target disease only (no target sum)", href: "/nt" });
    expect(noteText(spiderNote(SUBJECTS, links)!)).toBe(
      "1 of 3 subjects can be drawn: 1 without a lesion at baseline, 1 evaluable with non-target disease only " +
        "(no target sum).",
    );
    expect(spiderData(SUBJECTS, { studyHref: STUDY, query: q, scale: "baseline", asked: null }).lines).toHaveLength(1);
  });

  it("the swimmer plot: a bar, its markers Non-CR/Non-PD then CR, sorted with Non-CR/Non-PD after SD", () => {
    const d = swimmerData(SUBJECTS, { studyHref: STUDY, query: q, sort: "bor", page: 1 });
    expect(d.bars.map((b) => [b.subjectId, b.bor])).toEqual([
      ["N1", "CR"],
      ["T1", "PR"],
      ["X1", "NE"],
    ]);
    expect(swimmerRow(d.bars[0]).marks).toBe(`42: ${NN}; 84: CR`);
  });
});

describe("day 1 at the first dose in the plots", () => {
  // A first dose 7 days after the baseline: the baseline is day -7, the follow-ups days 42 - 7 = 35 and 84 - 7 = 77.
  const shifted = [
    subjectOf({
      id: "D1",
      best: -40,
      recomputed: "PR",
      offset: -7,
      visits: [
        { day: 42, sum: 40, pct: -20, overall: "SD" },
        { day: 84, sum: 30, pct: -40, overall: "PR" },
      ],
    }),
  ];

  it("the spider plot's points and axis count from the first dose: from -7, six-week ticks from -42", () => {
    const d = spiderData(shifted, { studyHref: STUDY, query: q, scale: "baseline", asked: null });
    expect(d.lines[0].points.map((p) => [p.day, p.value])).toEqual([
      [-7, 0],
      [35, -20],
      [77, -40],
    ]);
    // Span 77 + 7 = 84 <= 12 x 42: step 42, from floor(-7 / 42) x 42 = -42 to ceil(77 / 42) x 42 = 84.
    expect(d.days).toEqual({ start: -42, end: 84, ticks: [-42, 0, 42, 84] });
  });

  it("the swimmer plot's bar runs from day 1 to the last assessment, 77 days; its markers at days 35 and 77", () => {
    const d = swimmerData(shifted, { studyHref: STUDY, query: q, sort: "length", page: 1 });
    expect(d.bars[0].days).toBe(77);
    expect(d.bars[0].marks.map((m) => m.day)).toEqual([35, 77]);
    // The first response: the PR at day 77.
    expect(d.bars[0].responseDay).toBe(77);
    expect(d.minDay).toBe(0);
  });
});
