import { describe, expect, it } from "vitest";
import { type MeasurementRow, TEST_MISSING } from "../measurements/rows";
import { lbDataset } from "./lb";
import { pick, recordsOf } from "./testing";

const lab = (id: string, over: Partial<MeasurementRow> = {}): MeasurementRow => ({
  id,
  subjectId: "S1",
  test: "ALT",
  code: "LB0201",
  visit: "Cycle 1 Day 1",
  collectedAt: "2024-01-02T09:30:00",
  value: 30,
  text: null,
  unit: "U/L",
  range: "7-56",
  ...over,
});

const lb = (...rows: MeasurementRow[]) => recordsOf(lbDataset({ study: "ONC-101", rows }));

describe("LB", () => {
  it("writes a numeric result with its unit, range, indicator, visit and time as sent", () => {
    expect(lb(lab("r1"))).toEqual([
      {
        STUDYID: "ONC-101",
        DOMAIN: "LB",
        USUBJID: "ONC-101-S1",
        LBSEQ: 1,
        LBSPID: "r1",
        LBTESTCD: "ALT",
        LBTEST: "Alanine Aminotransferase",
        LBORRES: "30",
        LBORRESU: "U/L",
        LBORNRLO: "7",
        LBORNRHI: "56",
        LBNRIND: "NORMAL",
        LBSTAT: null,
        VISIT: "Cycle 1 Day 1",
        LBDTC: "2024-01-02T09:30:00",
        LBSVCCD: "LB0201",
        LBORNRTX: "7-56",
        LBTSTRAW: null,
      },
    ]);
  });

  it("names a test by the portal's table; a code that is no valid LBTESTCD is kept as sent beside", () => {
    const rows = lb(
      lab("a", { test: "alt" }),
      lab("b", { test: "ZZTOP" }),
      lab("c", { test: "1,25-OH VIT D" }),
      lab("d", { test: "TESTCODE9" }),
      lab("e", { test: "MCHC" }),
      lab("f", { test: TEST_MISSING }),
    );
    expect(pick(rows, "LBSPID", "LBTESTCD", "LBTEST", "LBTSTRAW")).toEqual([
      // By test as sent in code-point order: digits, then upper case, then lower case; none last.
      { LBSPID: "c", LBTESTCD: null, LBTEST: null, LBTSTRAW: "1,25-OH VIT D" },
      { LBSPID: "e", LBTESTCD: "MCHC", LBTEST: "Ery. Mean Corpuscular HGB Concentration", LBTSTRAW: null },
      // Nine characters: one too many for a TESTCD.
      { LBSPID: "d", LBTESTCD: null, LBTEST: null, LBTSTRAW: "TESTCODE9" },
      { LBSPID: "b", LBTESTCD: "ZZTOP", LBTEST: null, LBTSTRAW: null },
      { LBSPID: "a", LBTESTCD: "alt", LBTEST: "Alanine Aminotransferase", LBTSTRAW: null },
      { LBSPID: "f", LBTESTCD: null, LBTEST: null, LBTSTRAW: null },
    ]);
  });

  // Each case: the row's value, text and range, and what LB says of it (worked from the range rules by hand).
  const cases: [string, Partial<MeasurementRow>, Record<string, string | null>][] = [
    ["below a range with both bounds", { value: 3.4, range: "3.5 - 5.0" }, r("3.4", "3.5", "5", "LOW", null)],
    ["on the low bound, which is inside", { value: 3.5, range: "3.5-5.0" }, r("3.5", "3.5", "5", "NORMAL", null)],
    ["above the high bound", { value: 5.01, range: "3.5-5.0" }, r("5.01", "3.5", "5", "HIGH", null)],
    ["on a strict upper bound, which is outside", { value: 5, range: "<5" }, r("5", null, "5", "HIGH", null)],
    ["under an inclusive upper bound", { value: 5, range: "<=5" }, r("5", null, "5", "NORMAL", null)],
    ["on a strict lower bound", { value: 60, range: ">60" }, r("60", "60", null, "LOW", null)],
    ["zero is a value", { value: 0, range: ">=0" }, r("0", "0", null, "NORMAL", null)],
    ["a tiny value in plain digits", { value: 1e-7, range: null }, r("0.0000001", null, null, null, null)],
    ["a range of free text: no bound, no flag", { value: 4, range: "see report" }, r("4", null, null, null, null)],
    ["a text result", { value: null, text: "Trace", range: "Negative" }, r("Trace", null, null, null, null)],
    ["no result at all: NOT DONE", { value: null, text: null }, r(null, "7", "56", null, "NOT DONE")],
  ];
  it.each(cases)("%s", (_name, over, expected) => {
    expect(pick(lb(lab("r", over)), "LBORRES", "LBORNRLO", "LBORNRHI", "LBNRIND", "LBSTAT")).toEqual([expected]);
  });

  it("keeps the range text as sent, and leaves what the record lacks empty", () => {
    const row = lab("r", { range: null, unit: null, code: null, visit: null, test: TEST_MISSING, subjectId: null });
    expect(pick(lb(row), "USUBJID", "LBTESTCD", "LBTEST", "LBORRESU", "LBORNRTX", "LBSVCCD", "VISIT")).toEqual([
      { USUBJID: null, LBTESTCD: null, LBTEST: null, LBORRESU: null, LBORNRTX: null, LBSVCCD: null, VISIT: null },
    ]);
    expect(pick(lb(lab("r", { range: " 3.5 - 5.0 " })), "LBORNRTX")).toEqual([{ LBORNRTX: " 3.5 - 5.0 " }]);
  });

  it("writes the collection time in ISO 8601 as sent; a US date as a date; anything else not at all", () => {
    const times = ["2024-01-02", "2024-01-02T09:30:00+01:00", "2024-01-02T09:30Z", "01/02/2024", "tomorrow", null];
    const rows = lb(...times.map((collectedAt, i) => lab(`r${i}`, { collectedAt, subjectId: `S${i}` })));
    expect(pick(rows, "LBDTC")).toEqual([
      { LBDTC: "2024-01-02" },
      { LBDTC: "2024-01-02T09:30:00+01:00" },
      { LBDTC: "2024-01-02T09:30Z" },
      { LBDTC: "2024-01-02" },
      { LBDTC: null },
      { LBDTC: null },
    ]);
  });

  it("orders a subject's results by time, then test, then ID", () => {
    const rows = lb(
      lab("c", { collectedAt: "2024-01-02T09:30:00", test: "AST" }),
      lab("b", { collectedAt: "2024-01-02T09:30:00", test: "ALT" }),
      lab("a", { collectedAt: "2024-01-02T09:30:00", test: "ALT" }),
      lab("d", { collectedAt: "2024-01-01T08:00:00", test: "WBC" }),
      lab("e", { collectedAt: null, test: "ALT" }),
    );
    expect(pick(rows, "LBSEQ", "LBSPID")).toEqual([
      { LBSEQ: 1, LBSPID: "d" },
      { LBSEQ: 2, LBSPID: "a" },
      { LBSEQ: 3, LBSPID: "b" },
      { LBSEQ: 4, LBSPID: "c" },
      { LBSEQ: 5, LBSPID: "e" },
    ]);
  });
});

function r(res: string | null, lo: string | null, hi: string | null, ind: string | null, stat: string | null) {
  return { LBORRES: res, LBORNRLO: lo, LBORNRHI: hi, LBNRIND: ind, LBSTAT: stat };
}
