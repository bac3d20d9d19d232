/**
 * A test's listing: each result with its part in the shift tables, its ×ULN and its CTCAE v5.0 grade, worked by
 * hand; and the listing narrowed to a part.
 */
import { describe, expect, it } from "vitest";
import type { TreatmentWindow } from "@/lib/clinical/exposure/on-treatment";
import { placeResults } from "@/lib/clinical/laboratory/baseline";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { listingRows } from "./listing";
import { gradeTerm, labListingDef, phaseText } from "./listing-columns";
import type { PhaseChoice } from "./query";
import { row } from "./testing";

const alt = (id: string, subjectId: string, visit: string, date: string, value: number | null, range = "<=40") =>
  row({
    id,
    subjectId,
    test: "ALT",
    code: "LB0214",
    visit,
    collectedAt: `${date}T08:00:00`,
    value,
    unit: "U/L",
    range,
  });

const rows: MeasurementRow[] = [
  alt("0", "S1", "Screening", "2023-03-01", 30), // before the baseline
  alt("1", "S1", "Cycle 1 Day 1", "2023-03-10", 60), // the first dose's day: baseline, above 40 (abnormal)
  alt("2", "S1", "Cycle 2 Day 1", "2023-04-10", 95), // after; 95 >= 1.5 x 60 = 90: grade 1 by the baseline
  alt("3", "S1", "Follow-up", "2023-08-01", 130), // after the window (last dose 06-01 + 30 = 07-01): late
  alt("4", "S2", "Screening", "2023-03-02", 20), // no first dose known: the Screening result is baseline
  alt("5", "S2", "Cycle 2 Day 1", "2023-04-11", 130), // after; 130 > 3 x 40 = 120: grade 2
  { ...alt("6", "S2", "Cycle 3 Day 1", "2023-05-11", null), text: "Haemolysed" }, // a text result: no part
  alt("7", "S2", "Cycle 4 Day 1", "2023-06-11", 90, "See report"), // after, but no upper limit: no grade
];
const lab = { rows, received: rows.length, rejected: { count: 0, reasons: [] } } as CachedRows<MeasurementRow>;
const exposure = new Map<string, TreatmentWindow>([
  ["S1", { firstDose: "2023-03-10", lastDose: "2023-06-01", ongoing: false }],
]);
const indexes = Uint32Array.from(rows.map((_, i) => i));
const series = [
  { unit: "U/L", indexes, placement: placeResults(rows, indexes, { rule: "named visit", exposure, windowDays: 30 }) },
];
const list = (phase: PhaseChoice | null, valueMax: number | null = null) =>
  listingRows(
    lab,
    exposure,
    "code:LB0214|30",
    series,
    { unit: undefined, visit: undefined, show: "all", shift: null, phase, valueMax },
    null,
  );

describe("a test's listing", () => {
  it("gives each result its part, its ×ULN and its grade", () => {
    const def = labListingDef(list(null), "");
    const cells = def.rows.map((r) =>
      ["part", "xuln", "grade", "term"].map((id) => def.columns.find((c) => c.id === id)!.value(r)),
    );
    expect(cells).toEqual([
      // 30 / 40 = 0.75, within range: grade 0.
      ["before baseline: not used", 0.75, 0, null],
      // The baseline itself is graded by the upper limit: 60 / 40 = 1.5, above 40 and not above 120: grade 1.
      ["baseline", 1.5, 1, "Alanine aminotransferase increased"],
      // 95 / 40 = 2.375, to two decimals 2.38; 95 >= 90 (1.5 x the baseline 60): grade 1, not above 180.
      ["after baseline", 2.38, 1, "Alanine aminotransferase increased (× baseline)"],
      // 130 / 40 = 3.25; graded all the same: 130 >= 90, not above 180 (3 x 60): grade 1 by the baseline.
      ["after the on-treatment window: not counted", 3.25, 1, "Alanine aminotransferase increased (× baseline)"],
      ["baseline", 0.5, 0, null],
      // The baseline 20 is within range: the upper limit's bands, 130 > 120 (3 x 40): grade 2.
      ["after baseline", 3.25, 2, "Alanine aminotransferase increased"],
      ["", null, null, null],
      ["after baseline", null, null, "not graded: the range has no upper limit"],
    ]);
  });

  it.each([
    ["late", ["3"]],
    ["after", ["2", "5", "7"]],
    ["baseline", ["1", "4"]],
    ["baseline-first-dose", ["1"]],
    ["baseline-fallback", ["4"]],
  ] as const)("narrowed to %s, lists exactly those results", (phase, ids) => {
    expect(list(phase).map((r) => r.id)).toEqual(ids);
  });

  it("bounded by a value, lists the numeric results of at most it: never a text result", () => {
    // 30, 60 and 20 are at most 60; 95, 130, 130 and 90 are above it; "Haemolysed" has no value.
    expect(list(null, 60).map((r) => r.id)).toEqual(["0", "1", "4"]);
    expect(list(null, 0)).toEqual([]);
    expect(list("after", 95).map((r) => r.id)).toEqual(["2", "7"]);
  });

  it("keeps one array per choice", () => {
    expect(list("late")).toBe(list("late"));
  });
});

describe("the words of a part and a grade", () => {
  it("says an undated result of a subject takes no part, and nothing of a text result", () => {
    expect(phaseText({ phase: "none", value: 3, subjectId: "S1" })).toBe("no part: no date");
    expect(phaseText({ phase: "none", value: null, subjectId: "S1" })).toBe("");
  });

  it("names no term for grade 0 or a test without criteria", () => {
    expect([gradeTerm(null), gradeTerm({ grade: 0, term: null, byBaseline: false })]).toEqual([null, null]);
  });
});
