import { describe, expect, it } from "vitest";
import { EDISH_DEFAULTS, type EdishPoint, type Quadrant } from "@/lib/clinical/liver/edish";
import type { LiverPeak } from "@/lib/clinical/liver/peaks";
import { hrefInside } from "@/lib/tables/table-def";
import { liverAround } from "./liver-query";
import { liverColumns, liverRows, liverSubjectsTable, quadrantRule } from "./liver-tables";

const peak = (test: string, timesUln: number): LiverPeak => ({
  timesUln,
  ratio: timesUln,
  value: timesUln * 40,
  uln: 40,
  unit: "U/L",
  date: "2024-03-01",
  resultId: `${test}-1`,
  test,
  collectedAt: "2024-03-01T08:00:00",
});
const point = (transaminase: string): EdishPoint => ({
  subjectId: "S-1",
  quadrant: "temple",
  transaminase: peak(transaminase, 3.5),
  bilirubin: peak("Total bilirubin", 1),
  x: 3.5,
  y: 1,
  xBaseline: null,
  yBaseline: null,
  daysApart: 0,
  concurrent: true,
});

describe("liverRows: a subject opens its liver panel, ALT, AST, ALP and total bilirubin ×ULN over time", () => {
  it.each([
    ["ALT", "/s/subjects/S-1?trend=liver#trend"],
    // A partner that names ALT in words (docs/clinical-rules.md, The tests): the same panel, which knows those names.
    ["Alanine aminotransferase", "/s/subjects/S-1?trend=liver#trend"],
  ])("%s", (name, href) => expect(hrefInside(liverAround("/s"), liverRows([point(name)])[0].subject__href)).toBe(href));

  it("encodes the subject's ID in its part", () =>
    expect(hrefInside(liverAround("/s"), liverRows([{ ...point("ALT"), subjectId: "A/1 b" }])[0].subject__href)).toBe(
      "/s/subjects/A%2F1%20b?trend=liver#trend",
    ));
});

describe("quadrantRule: a transaminase at its line is high (≥), a bilirubin at its line is not (>)", () => {
  const p = { ...EDISH_DEFAULTS };
  it.each<[Quadrant, string]>([
    ["hys-law", "ALT ≥ 3×ULN and bilirubin > 2×ULN"],
    ["temple", "ALT ≥ 3×ULN and bilirubin ≤ 2×ULN"],
    ["hyperbilirubinemia", "ALT < 3×ULN and bilirubin > 2×ULN"],
    ["normal", "ALT < 3×ULN and bilirubin ≤ 2×ULN"],
  ])("%s: %s", (q, rule) => expect(quadrantRule(q, p)).toBe(rule));

  it("names the multiples of baseline in that scale", () =>
    expect(quadrantRule("hys-law", { ...p, transaminase: "AST", xThreshold: 5, scale: "baseline" })).toBe(
      "AST ≥ 5×baseline and bilirubin > 2×baseline",
    ));
});

describe("liverColumns and liverRows in multiples of baseline", () => {
  const base = { ...peak("ALT", 1), value: 20, date: "2024-01-01" };
  const p: EdishPoint = { ...point("ALT"), x: 7, y: 2, xBaseline: base, yBaseline: { ...base, value: 0.5 } };

  it("adds each peak's ×ULN and baseline to the columns, and keeps the ×ULN columns as they are", () => {
    expect(liverColumns({ ...EDISH_DEFAULTS, scale: "baseline" }).map((c) => c.header)).toEqual([
      "Subject ID",
      "Quadrant",
      "Peak ALT (×baseline)",
      "Peak ALT (×ULN)",
      "ALT result",
      "ALT ULN",
      "ALT unit",
      "ALT peak date",
      "ALT baseline",
      "ALT baseline date",
      "Peak total bilirubin (×baseline)",
      "Peak total bilirubin (×ULN)",
      "Bilirubin result",
      "Bilirubin ULN",
      "Bilirubin unit",
      "Bilirubin peak date",
      "Bilirubin baseline",
      "Bilirubin baseline date",
      "Days from ALT peak to bilirubin peak",
      "Concurrent (within 30 days)",
    ]);
    expect(liverColumns(EDISH_DEFAULTS).map((c) => c.id)).toEqual([
      "subjectId",
      "quadrant",
      "x",
      "xValue",
      "xUln",
      "xUnit",
      "xDate",
      "y",
      "yValue",
      "yUln",
      "yUnit",
      "yDate",
      "daysApart",
      "concurrent",
    ]);
  });

  it("writes the plotted multiples, the peaks' ×ULN and the baselines", () => {
    const [row] = liverRows([p]);
    expect([row.x, row.xTimesUln, row.xBase, row.xBaseDate, row.y, row.yTimesUln, row.yBase]).toEqual([
      7,
      3.5,
      20,
      "2024-01-01",
      2,
      1,
      0.5,
    ]);
  });
});

describe("liverSubjectsTable: only the subjects a data note counts", () => {
  const rows = liverRows(
    [point("ALT"), { ...point("ALT"), subjectId: "S-2" }, { ...point("ALT"), subjectId: "S-3" }],
    new Map([["S-2", "no-first-dose" as const]]),
  );
  it.each([
    [null, ["S-1", "S-2", "S-3"], "every quadrant"],
    ["no-first-dose" as const, ["S-2"], "every quadrant, without a known first dose of the study drug"],
    ["no-on-treatment" as const, [], "every quadrant, without a result on treatment"],
  ])("only %s", (only, ids, what) => {
    const table = liverSubjectsTable(rows, EDISH_DEFAULTS, "ONC-101", { quadrant: null, concurrent: false, only });
    expect(table.rows.map((r) => r.subjectId)).toEqual(ids);
    expect(table.what).toBe(what);
  });
});
