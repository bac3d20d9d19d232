import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import { alpOrLiverTestOf, liverPeaks, liverTestOf, peaksOf, readLiverResults } from "./peaks";
import { lab } from "./test-rows";

describe("liverTestOf: code.text, or a common name, in any case", () => {
  it.each([
    ["ALT", "ALT"],
    ["alt", "ALT"],
    [" Alanine aminotransferase ", "ALT"],
    ["ALANINE AMINOTRANSFERASE", "ALT"],
    ["AST", "AST"],
    ["Aspartate aminotransferase", "AST"],
    ["BILI", "BILI"],
    ["Total bilirubin", "BILI"],
    ["total BILIRUBIN", "BILI"],
    ["Direct bilirubin", null],
    ["ALP", null],
    ["GGT", null],
    ["", null],
  ])("%j is %s", (name, test) => expect(liverTestOf(name)).toBe(test));

  it.each([
    ["ALP", "ALP"],
    [" alkaline PHOSPHATASE", "ALP"],
    ["ALKP", "ALP"],
    ["alt", "ALT"],
    ["GGT", null],
  ])("%j is %s among the liver tests and ALP", (name, test) => expect(alpOrLiverTestOf(name)).toBe(test));
});

describe("liverPeaks: ×ULN of each result's own range, the highest per subject and test", () => {
  it.each<[string, MeasurementRow, number]>([
    // Worked by hand: value / upper bound of the record's own range, to three decimals.
    ["ALT 120 of <=40", lab("S", "ALT", 120, "2024-01-10"), 3],
    ["ALT 119 of <=40", lab("S", "ALT", 119, "2024-01-10"), 2.975],
    ["AST 105 of <35 (a strict bound is still the ULN)", lab("S", "AST", 105, "2024-01-10"), 3],
    ["BILI 2.4 of 0.1 - 1.2", lab("S", "BILI", 2.4, "2024-01-10"), 2],
    ["BILI 2.3 of 0.1 - 1.2 (1.91666...)", lab("S", "BILI", 2.3, "2024-01-10"), 1.917],
    ["ALT 0.3 of <=0.1: 3, not 2.9999999999999996", lab("S", "ALT", 0.3, "2024-01-10", "<=0.1"), 3],
    ["ALT 20 of 7-56", lab("S", "ALT", 20, "2024-01-10", "7-56"), 0.357],
  ])("%s is %s ×ULN", (_, row, times) => {
    const test = row.test as "ALT" | "AST" | "BILI";
    expect(liverPeaks([row]).bySubject.get("S")?.[test]?.timesUln).toBe(times);
  });

  it("keeps the highest result, with its value, ULN, unit, date and record", () => {
    const peaks = liverPeaks([
      lab("S", "ALT", 50, "2024-01-01"),
      lab("S", "ALT", 130, "2024-02-01"),
      lab("S", "ALT", 90, "2024-03-01"),
      // A range that changed between records: 60 of <=20 is 3.0 ×ULN, below 130 of <=40 (3.25).
      lab("S", "ALT", 60, "2024-04-01", "<=20"),
    ]).bySubject.get("S")?.ALT;
    expect(peaks).toEqual({
      timesUln: 3.25,
      ratio: 3.25,
      value: 130,
      uln: 40,
      unit: "U/L",
      date: "2024-02-01",
      resultId: "S-ALT-130-2024-02-01",
      test: "ALT",
      collectedAt: "2024-02-01T08:00:00",
    });
  });

  it("keeps the test's name as the partner sent it, so that its trend can be found by that name", () => {
    const row = { ...lab("S", "ALT", 80, "2024-03-01"), test: "Alanine aminotransferase" };
    expect(liverPeaks([row]).bySubject.get("S")?.ALT?.test).toBe("Alanine aminotransferase");
  });

  it.each<[string, MeasurementRow[], string | null]>([
    [
      "the earlier of two equal peaks",
      [lab("S", "ALT", 80, "2024-03-10"), lab("S", "ALT", 80, "2024-03-01")],
      "2024-03-01",
    ],
    [
      "a dated peak before an undated equal one",
      [lab("S", "ALT", 80, null), lab("S", "ALT", 80, "2024-03-10")],
      "2024-03-10",
    ],
    ["the first sent of two undated equal peaks", [lab("S", "ALT", 80, null), lab("S", "ALT", 80, null)], null],
  ])("ties: %s", (_, rows, date) => expect(liverPeaks(rows).bySubject.get("S")?.ALT?.date).toBe(date));

  it("counts results it cannot use instead of dropping them silently", () => {
    const peaks = liverPeaks([
      lab("A", "ALT", null, "2024-01-01"), // a text result
      lab("A", "ALT", 50, "2024-01-01", null), // no range
      lab("A", "ALT", 50, "2024-01-01", "Negative"), // free text
      lab("A", "ALT", 50, "2024-01-01", ">=10"), // no upper bound
      lab("A", "ALT", 50, "2024-01-01", "<=0"), // an upper bound of 0
      lab(null, "BILI", 1, "2024-01-01"), // no subject
      lab("B", "BILI", 1.2, "2024-01-01"),
      lab("B", "GGT", 500, "2024-01-01", "8 - 61"), // not a liver test of eDISH
    ]);
    expect(peaks.results).toEqual({ ALT: 5, AST: 0, BILI: 2 });
    expect(peaks.unusable).toEqual({ ALT: 5, AST: 0, BILI: 0 });
    expect(peaks.withoutSubject).toBe(1);
    expect([...peaks.bySubject.keys()]).toEqual(["B"]);
    expect(peaks.bySubject.get("B")).toEqual({ BILI: expect.objectContaining({ timesUln: 1 }) });
  });
});

describe("readLiverResults and peaksOf: the usable results read once, their peaks taken from those kept", () => {
  const rows = [
    lab("S", "ALT", 80, "2024-01-01"), // 2.0
    lab("S", "ALT", 160, "2024-02-01"), // 4.0
    lab("S", "ALP", 258, "2024-02-01"), // 258 / 129 = 2.0
    lab("S", "ALP", null, "2024-02-01"), // a text ALP: not read, and not counted with the eDISH tests
    lab(null, "ALP", 100, "2024-02-01"),
    lab("S", "BILI", 1.8, "2024-01-01"), // 1.5
  ];
  const read = readLiverResults(rows);

  it("keeps ALP apart from the eDISH tests and their counts", () => {
    expect(read.alp.map((r) => [r.subjectId, r.kind, r.timesUln, r.collectedAt])).toEqual([
      ["S", "ALP", 2, "2024-02-01T08:00:00"],
    ]);
    expect(read.usable.map((r) => [r.kind, r.timesUln])).toEqual([
      ["ALT", 2],
      ["ALT", 4],
      ["BILI", 1.5],
    ]);
    expect([read.results, read.unusable, read.withoutSubject]).toEqual([
      { ALT: 2, AST: 0, BILI: 1 },
      { ALT: 0, AST: 0, BILI: 0 },
      0,
    ]);
  });

  it("takes the peaks of the results kept, and of all without a choice", () => {
    expect(peaksOf(read).bySubject.get("S")?.ALT?.timesUln).toBe(4);
    const january = peaksOf(read, (r) => r.date === "2024-01-01");
    expect(january.bySubject.get("S")?.ALT?.timesUln).toBe(2);
    expect(january.bySubject.get("S")?.BILI?.timesUln).toBe(1.5);
    const none = peaksOf(read, () => false);
    expect(none.bySubject.size).toBe(0);
    // The counts of results are the study's, whatever the choice.
    expect(none.results).toEqual({ ALT: 2, AST: 0, BILI: 1 });
  });
});
