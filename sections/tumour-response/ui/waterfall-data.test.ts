import { describe, expect, it } from "vitest";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { dayAxis, oneDecimal, percentDomain, percentTicks } from "./plot-values";
import { subjectOf } from "./test-subjects";
import { spiderGroups, UNKNOWN_BEST, waterfallData } from "./waterfall-data";

const STUDY = "/studies/c1/ONC-101";
const recomputed = parseResponseQuery(new URLSearchParams(""));
const signed = parseResponseQuery(new URLSearchParams("bor=signed&confirm=1"));

// Five subjects: three bars (one tie on −35.0), one evaluable without a known best change, one not evaluable.
const SUBJECTS = [
  subjectOf({ id: "S1", best: -35.04, signed: "PR", recomputed: "PR", baselineSum: 80 }),
  subjectOf({
    id: "S2",
    best: 12.35,
    signed: "PD",
    recomputed: "SD",
    visits: [
      { day: 42, overall: "SD", signed: "SD" },
      { day: 84, overall: "SD", signed: "PD", nonTarget: "PD" },
    ],
  }),
  subjectOf({ id: "S0", best: -34.96, signed: "PR", recomputed: "PR" }),
  subjectOf({ id: "S3", best: null, signed: "NE", recomputed: "NE" }),
  subjectOf({ id: "S4", notEvaluable: "baseline sum 0", baselineSum: 0, best: null }),
];

describe("the waterfall's bars", () => {
  it("are the evaluable subjects with a best change, largest increase first, subject ID on a tie", () => {
    const w = waterfallData(SUBJECTS, STUDY, recomputed);
    // 12.35 → 12.4 (a half up); −35.04 → −35.0 and −34.96 → −35.0 tie: S0 before S1.
    expect(w.bars.map((b) => [b.subjectId, b.percent])).toEqual([
      ["S2", 12.4],
      ["S0", -35],
      ["S1", -35],
    ]);
    expect(w.unknown.map((u) => u.subjectId)).toEqual(["S3"]);
    expect(w.notEvaluable).toBe(1);
  });

  it("colour by the BOR chosen and mark a progression by non-target or new lesion of that BOR", () => {
    const byRecomputed = waterfallData(SUBJECTS, STUDY, recomputed).bars[0];
    expect([byRecomputed.bor, byRecomputed.marked, byRecomputed.progressionBy]).toEqual(["SD", false, ""]);
    const bySigned = waterfallData(SUBJECTS, STUDY, signed).bars[0];
    expect([bySigned.bor, bySigned.marked, bySigned.progressionBy]).toEqual(["PD", true, "non-target"]);
  });

  it("open the subject's response page with the shared state: the bar's subject inside subjectAround", () => {
    const w = waterfallData(SUBJECTS, STUDY, signed);
    const [before, after] = w.subjectAround;
    expect(`${before}${encodeURIComponent(w.bars[0].subjectId)}${after}`).toBe(
      "/studies/c1/ONC-101/tumour-response/subjects/S2?confirm=1&bor=signed",
    );
  });
});

describe("the waterfall's table (its CSV)", () => {
  it("links each row to the subject's response page as its bar does: the row's part inside subjectAround", () => {
    const w = waterfallData(SUBJECTS, STUDY, signed);
    const [before, after] = w.subjectAround;
    const row = w.rows.find((r) => r.subject === "S2")!;
    expect(`${before}${row.subject__href}${after}`).toBe(
      "/studies/c1/ONC-101/tumour-response/subjects/S2?confirm=1&bor=signed",
    );
  });

  it("has one row per subject: bars in their order, then the others by subject ID", () => {
    const { rows } = waterfallData(SUBJECTS, STUDY, recomputed);
    const { subject__href: _, ...first } = rows[0];
    expect(first).toEqual({
      subject: "S2",
      baseline: 50,
      best: 12.4,
      signed: "PD",
      recomputed: "SD",
      evaluable: "Evaluable",
    });
    expect(rows.map((r) => [r.subject, r.best, r.signed, r.recomputed, r.evaluable])).toEqual([
      ["S2", 12.4, "PD", "SD", "Evaluable"],
      ["S0", -35, "PR", "PR", "Evaluable"],
      ["S1", -35, "PR", "PR", "Evaluable"],
      ["S3", null, "NE", "NE", UNKNOWN_BEST],
      ["S4", null, null, null, "Not evaluable: baseline sum 0"],
    ]);
  });
});

describe("the waterfall's range and rounding", () => {
  it.each([
    [[], [-40, 30]],
    [
      [12, -20],
      [-40, 30],
    ],
    // Ten beyond the tens: 45.2 → 50 → 60, −100 → −110, −41 → −50 → −60, 130 → 140.
    [
      [45.2, -100],
      [-110, 60],
    ],
    [[-41], [-60, 30]],
    [[130], [-40, 140]],
  ])("values %j give the range %j", (values, domain) => expect(percentDomain(values)).toEqual(domain));

  it.each([
    [0, 42, [0, 42]],
    [185, 210, [0, 42, 84, 126, 168, 210]],
    [504, 504, [0, 42, 84, 126, 168, 210, 252, 294, 336, 378, 420, 462, 504]],
    [600, 672, [0, 84, 168, 252, 336, 420, 504, 588, 672]],
    [5000, 5376, [0, 672, 1344, 2016, 2688, 3360, 4032, 4704, 5376]],
  ])("days up to %d: an axis to %d with the ticks %j", (last, end, ticks) =>
    expect(dayAxis(last)).toEqual({ start: 0, end, ticks }),
  );

  it.each([
    // From a first dose 7 days after the baseline: the baseline at day -7; span 91 + 7 = 98 <= 12 x 42: step 42.
    [91, -7, -42, 126, [-42, 0, 42, 84, 126]],
    // Span 500 + 30 = 530: 530 / 42 = 12.6, 530 / 84 = 6.3: step 84, from -84 to 504.
    [500, -30, -84, 504, [-84, 0, 84, 168, 252, 336, 420, 504]],
  ])("days from %d back to %d: an axis from %d to %d with the ticks %j", (last, first, start, end, ticks) =>
    expect(dayAxis(last, first)).toEqual({ start, end, ticks }),
  );

  it.each([
    [
      [-40, 30],
      [-40, -30, -20, -10, 0, 10, 20, 30],
    ],
    [
      [-100, 50],
      [-100, -80, -60, -40, -20, 0, 20, 40],
    ],
    [
      [-100, 400],
      [-100, -50, 0, 50, 100, 150, 200, 250, 300, 350, 400],
    ],
    // 1,300 wide: steps of 100 would be 13, so 200 (−100 is no multiple of it).
    [
      [-100, 1200],
      [0, 200, 400, 600, 800, 1000, 1200],
    ],
  ])("the range %j has the ticks %j", (domain, ticks) =>
    expect(percentTicks(domain as [number, number])).toEqual(ticks),
  );

  it.each([
    [-12.25, -12.2],
    [-12.249999999, -12.2],
    [12.25, 12.3],
    [-0.04, 0],
    [(100 * (35.1 - 40)) / 40, -12.2],
    [-100, -100],
  ])("%d to one decimal is %d", (x, y) => expect(oneDecimal(x)).toBe(y));
});

describe("the waterfall's links to the spider plot", () => {
  it("name each response's subjects in the bars' order, the first 50", () => {
    const many = Array.from({ length: 52 }, (_, i) =>
      subjectOf({ id: `P${String(i).padStart(2, "0")}`, best: -40 - i, signed: "PR", recomputed: "PR" }),
    );
    const { bars } = waterfallData([...SUBJECTS, ...many], STUDY, recomputed);
    const groups = spiderGroups(bars, STUDY, recomputed);
    expect(groups.map((g) => [g.bor, g.n, g.shown])).toEqual([
      ["PR", 54, 50],
      ["SD", 1, 1],
    ]);
    // Largest increase first: S0 and S1 (−35.0), then P00 (−40) to P47 (−87); P48 to P51 are left out.
    const ids = new URL(groups[0].href, "http://x").searchParams.get("subjects")?.split(",");
    expect(ids?.slice(0, 3)).toEqual(["S0", "S1", "P00"]);
    expect(ids?.at(-1)).toBe("P47");
    expect(ids?.length).toBe(50);
    expect(groups[1].href).toBe("/studies/c1/ONC-101/tumour-response/spider?subjects=S2");
  });
});
