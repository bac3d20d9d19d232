/**
 * The first step of eDISH (docs/clinical-rules.md, Liver safety): each
 * subject's peak ALT, AST and total bilirubin as multiples of the upper limit
 * of normal of each result's own record. It reads every laboratory row once,
 * so a study's loader computes it once per cached entry; the thresholds and
 * the quadrants are a cheap second step over its result (edish.ts).
 */
import { calendarDate } from "../common/dates";
import { parseReferenceRange } from "../laboratory/reference-range";
import type { MeasurementRow } from "../measurements/rows";

export const LIVER_TESTS = ["ALT", "AST", "BILI"] as const;
export type LiverTest = (typeof LIVER_TESTS)[number];

/**
 * The names a liver test is recognised by, compared with `code.text` (the row's test) trimmed and without regard
 * to case: the source test code, and the common names a partner might write instead.
 */
const NAMES: Record<LiverTest, readonly string[]> = {
  ALT: ["ALT", "Alanine aminotransferase", "SGPT"],
  AST: ["AST", "Aspartate aminotransferase", "SGOT"],
  BILI: ["BILI", "Total bilirubin", "Bilirubin, total", "TBILI"],
};
const BY_NAME = new Map<string, LiverTest>(
  LIVER_TESTS.flatMap((test) => NAMES[test].map((name) => [name.toLowerCase(), test] as const)),
);

/** The liver test a row's test name stands for, or null. */
export function liverTestOf(name: string): LiverTest | null {
  return BY_NAME.get(name.trim().toLowerCase()) ?? null;
}

/** One subject's highest result of one test, as a multiple of its own record's ULN. */
export interface LiverPeak {
  /** value / ULN, rounded to three decimals (see roundTimesUln): what is shown, plotted and compared. */
  timesUln: number;
  /** value / ULN unrounded: only to choose the peak among results. */
  ratio: number;
  value: number;
  uln: number;
  unit: string | null;
  /** The calendar date of collection (`YYYY-MM-DD`), null when the record has none. */
  date: string | null;
  resultId: string;
  /** The test's name as the partner sent it (`ALT`, `Alanine aminotransferase`): its trend is found by it. */
  test: string;
}

export type SubjectPeaks = Partial<Record<LiverTest, LiverPeak>>;

export interface LiverPeaks {
  /** Per subject ID, in the order the subjects' first liver result came. */
  bySubject: Map<string, SubjectPeaks>;
  /** Results per test, usable or not (a test with none is absent from the study). */
  results: Record<LiverTest, number>;
  /** Results without a numeric value or without a positive upper limit in their own range: not used. */
  unusable: Record<LiverTest, number>;
  /** Liver results whose subject reference names no Patient. */
  withoutSubject: number;
}

/**
 * ×ULN rounded to a thousandth: what the tables show is what decides a quadrant, and binary rounding never does
 * (0.3 / 0.1 is 2.9999999999999996 in floating point; it reads 3).
 */
export const roundTimesUln = (ratio: number) => Math.round(ratio * 1000) / 1000;

const zero = (): Record<LiverTest, number> => ({ ALT: 0, AST: 0, BILI: 0 });

export function liverPeaks(rows: readonly MeasurementRow[]): LiverPeaks {
  const out: LiverPeaks = { bySubject: new Map(), results: zero(), unusable: zero(), withoutSubject: 0 };
  // Test names are interned and few: each distinct name is looked up once.
  const testOf = new Map<string, LiverTest | null>();
  for (const row of rows) {
    let test = testOf.get(row.test);
    if (test === undefined) {
      test = liverTestOf(row.test);
      testOf.set(row.test, test);
    }
    if (test === null) continue;
    out.results[test]++;
    if (row.subjectId === null) {
      out.withoutSubject++;
      continue;
    }
    const uln = row.range === null ? null : parseReferenceRange(row.range).high;
    if (row.value === null || uln === null || uln <= 0) {
      out.unusable[test]++;
      continue;
    }
    let peaks = out.bySubject.get(row.subjectId);
    if (!peaks) {
      peaks = {};
      out.bySubject.set(row.subjectId, peaks);
    }
    const peak = peakOf(row, row.value, uln);
    if (isHigher(peak, peaks[test])) peaks[test] = peak;
  }
  return out;
}

function peakOf(row: MeasurementRow, value: number, uln: number): LiverPeak {
  const ratio = value / uln;
  const date = calendarDate(row.collectedAt);
  return { timesUln: roundTimesUln(ratio), ratio, value, uln, unit: row.unit, date, resultId: row.id, test: row.test };
}

/**
 * Whether a result beats the peak so far: a higher ×ULN wins; of equal ones, the earlier date (a dated result
 * before an undated one), then the first sent.
 */
function isHigher(candidate: LiverPeak, peak: LiverPeak | undefined): boolean {
  if (!peak) return true;
  if (candidate.ratio !== peak.ratio) return candidate.ratio > peak.ratio;
  if (candidate.date === null) return false;
  return peak.date === null || candidate.date < peak.date;
}
