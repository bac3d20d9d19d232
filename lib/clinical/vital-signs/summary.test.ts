import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { countTexts, summarizeNumbers } from "./summary";

let n = 0;
const row = (visit: string | null, value: number | null, range: string | null = null, text: string | null = null) =>
  ({
    id: `r${++n}`,
    subjectId: `S${n}`,
    test: "Item",
    code: null,
    visit,
    collectedAt: null,
    value,
    text,
    unit: value === null ? null : "u",
    range,
  }) satisfies MeasurementRow;

const ORDER = ["Screening", "Cycle 1", "Cycle 2"];

describe("numbers by visit", () => {
  it("summarises each visit in the visit order, no visit last, and counts results out of their own range", () => {
    const s = summarizeNumbers(
      [
        row("Cycle 1", 110, "115-140"), // L
        row(null, 100),
        row("Screening", 120, "90 - 140"), // N
        row("Screening", 130, "<125"), // H: a strict bound is abnormal at and above it
        row("Screening", 125, "Normal"), // free text: no bounds, no flag
      ],
      ORDER,
    );
    expect(s.decimals).toBe(0);
    expect(s.visits.map((v) => [v.visit, v.summary.n, v.withRange, v.low, v.high])).toEqual([
      ["Screening", 3, 2, 0, 1],
      ["Cycle 1", 1, 1, 1, 0],
      [null, 1, 0, 0, 0],
    ]);
    // Screening 120, 130, 125: mean 125; squares 25+25+0 = 50, SD sqrt(50/2) = 5; median 125.
    expect(s.visits[0].summary).toMatchObject({ n: 3, mean: 125, sd: 5, median: 125, min: 120, max: 130 });
    expect(s.visits[1].summary).toMatchObject({ n: 1, mean: 110, sd: null });
  });

  it("leaves text results out of the numbers", () => {
    const s = summarizeNumbers(
      [row("Screening", 10), row("Screening", null, null, "Not done"), row("Screening", 20)],
      ORDER,
    );
    // 10 and 20: n 2, mean 15, SD sqrt((25 + 25) / 1).
    expect(s.visits).toHaveLength(1);
    expect(s.visits[0].summary).toMatchObject({ n: 2, mean: 15, median: 15, min: 10, max: 20 });
    expect(s.visits[0].summary.sd).toBeCloseTo(Math.sqrt(50), 12);
  });

  it("gives each visit Tukey's whiskers: a pulse of 120 among 60s and 70s is an outlier, the max still 120", () => {
    const pulses = [60, 62, 64, 66, 68, 70, 72, 120].map((v) => row("Screening", v));
    const s = summarizeNumbers(pulses, ORDER);
    // Positions 7p: Q1 at 1.75 = 62 + 0.75 × 2 = 63.5; Q3 at 5.25 = 70 + 0.25 × 2 = 70.5. IQR 7, reach 10.5:
    // fences 53 and 81. Whiskers 60 and 72; 120 beyond.
    expect(s.visits[0].summary).toMatchObject({ q1: 63.5, q3: 70.5, min: 60, max: 120 });
    expect(s.visits[0].whiskers).toEqual({ whiskerLow: 60, whiskerHigh: 72, outliers: [120] });
  });

  it("takes the decimals of the most precise value, and visits not in the order after those that are", () => {
    const s = summarizeNumbers([row("Unplanned", 1.85), row("Cycle 2", 36.6)], ORDER);
    expect(s.decimals).toBe(2);
    expect(s.visits.map((v) => v.visit)).toEqual(["Cycle 2", "Unplanned"]);
  });
});

describe("text by visit", () => {
  it("counts each text per visit, a record without any result as null", () => {
    const s = countTexts(
      [
        row("Cycle 1", null, null, "Standing"),
        row("Screening", null, null, "Sitting"),
        row("Screening", null, null, "Supine"),
        row("Cycle 1", null, null, null),
        row("Screening", null, null, "Sitting"),
      ],
      ORDER,
    );
    expect(s.texts).toEqual(["Standing", "Sitting", "Supine", null]);
    expect(s.visits).toEqual([
      { visit: "Screening", n: 3, counts: [0, 2, 1, 0] },
      { visit: "Cycle 1", n: 2, counts: [1, 0, 0, 1] },
    ]);
  });
});
