/**
 * The first step of eDISH (docs/clinical-rules.md, Liver safety): each
 * subject's peak ALT, AST and total bilirubin as multiples of the upper limit
 * of normal of each result's own record. readLiverResults() reads every
 * laboratory row once, so a study's loader computes it once per cached entry;
 * the peaks of a choice of results (all, or those on treatment: ./on-treatment-peaks.ts)
 * are a pass over its few liver results, and the quadrants a cheap step after
 * that (edish.ts). ALP results are read alongside for the R ratio (./r-ratio.ts).
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
const NAMES: Record<LiverTest | "ALP", readonly string[]> = {
  ALT: ["ALT", "Alanine aminotransferase", "SGPT"],
  AST: ["AST", "Aspartate aminotransferase", "SGOT"],
  BILI: ["BILI", "Total bilirubin", "Bilirubin, total", "TBILI"],
  ALP: ["ALP", "Alkaline phosphatase", "ALKP"],
};
const BY_NAME = new Map<string, LiverTest | "ALP">(
  (Object.keys(NAMES) as (LiverTest | "ALP")[]).flatMap((test) =>
    NAMES[test].map((name) => [name.toLowerCase(), test] as const),
  ),
);

/** The test of eDISH a row's test name stands for, or null (ALP is not one: see alpOrLiverTestOf). */
export function liverTestOf(name: string): LiverTest | null {
  const test = alpOrLiverTestOf(name);
  return test === "ALP" ? null : test;
}

/** The liver test or ALP a row's test name stands for, or null. */
export const alpOrLiverTestOf = (name: string): LiverTest | "ALP" | null =>
  BY_NAME.get(name.trim().toLowerCase()) ?? null;

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
  /** The collection date-time as sent: orders results within a day, and finds another test of the same sample. */
  collectedAt: string | null;
}

/** A usable result (a numeric value and a positive ULN in its own range): a peak of its own. */
export interface LiverResult extends LiverPeak {
  subjectId: string;
  kind: LiverTest | "ALP";
}

export type SubjectPeaks = Partial<Record<LiverTest, LiverPeak>>;

/** What every liver row says, read once: the usable results, and the counts of the rows that are not. */
export interface LiverResults {
  /** Usable ALT, AST and total bilirubin results, in the order sent. */
  usable: LiverResult[];
  /** Usable ALP results, in the order sent. */
  alp: LiverResult[];
  /** Results per test, usable or not (a test with none is absent from the study). */
  results: Record<LiverTest, number>;
  /** Results without a numeric value or without a positive upper limit in their own range: not used. */
  unusable: Record<LiverTest, number>;
  /** Liver results whose subject reference names no Patient. */
  withoutSubject: number;
}

export interface LiverPeaks extends Omit<LiverResults, "usable" | "alp"> {
  /** Per subject ID, in the order the subjects' first liver result came. */
  bySubject: Map<string, SubjectPeaks>;
}

/**
 * ×ULN rounded to a thousandth: what the tables show is what decides a quadrant, and binary rounding never does
 * (0.3 / 0.1 is 2.9999999999999996 in floating point; it reads 3).
 */
export const roundTimesUln = (ratio: number) => Math.round(ratio * 1000) / 1000;

const zero = (): Record<LiverTest, number> => ({ ALT: 0, AST: 0, BILI: 0 });

export function readLiverResults(rows: readonly MeasurementRow[]): LiverResults {
  const out: LiverResults = { usable: [], alp: [], results: zero(), unusable: zero(), withoutSubject: 0 };
  // Test names are interned and few: each distinct name is looked up once.
  const testOf = new Map<string, LiverTest | "ALP" | null>();
  for (const row of rows) {
    let kind = testOf.get(row.test);
    if (kind === undefined) {
      kind = alpOrLiverTestOf(row.test);
      testOf.set(row.test, kind);
    }
    if (kind === null) continue;
    if (kind !== "ALP") out.results[kind]++;
    if (row.subjectId === null) {
      if (kind !== "ALP") out.withoutSubject++;
      continue;
    }
    const uln = row.range === null ? null : parseReferenceRange(row.range).high;
    if (row.value === null || uln === null || uln <= 0) {
      if (kind !== "ALP") out.unusable[kind]++;
      continue;
    }
    (kind === "ALP" ? out.alp : out.usable).push(resultOf(row, row.subjectId, kind, row.value, uln));
  }
  return out;
}

/** The peaks of the usable results `include` keeps (every one without it). */
export function peaksOf(read: LiverResults, include?: (r: LiverResult) => boolean): LiverPeaks {
  const bySubject = new Map<string, SubjectPeaks>();
  for (const r of read.usable) {
    if (include && !include(r)) continue;
    let peaks = bySubject.get(r.subjectId);
    if (!peaks) {
      peaks = {};
      bySubject.set(r.subjectId, peaks);
    }
    if (isHigher(r, peaks[r.kind as LiverTest])) peaks[r.kind as LiverTest] = peakOf(r);
  }
  const { results, unusable, withoutSubject } = read;
  return { bySubject, results, unusable, withoutSubject };
}

/** Every result's peaks, at any time in the study. */
export const liverPeaks = (rows: readonly MeasurementRow[]): LiverPeaks => peaksOf(readLiverResults(rows));

function resultOf(
  row: MeasurementRow,
  subjectId: string,
  kind: LiverResult["kind"],
  value: number,
  uln: number,
): LiverResult {
  const ratio = value / uln;
  return {
    timesUln: roundTimesUln(ratio),
    ratio,
    value,
    uln,
    unit: row.unit,
    date: calendarDate(row.collectedAt),
    resultId: row.id,
    test: row.test,
    subjectId,
    kind,
    collectedAt: row.collectedAt,
  };
}

/** A result as a peak: its own fields, without the subject and the kind. */
export const peakOf = (r: LiverResult): LiverPeak => ({
  timesUln: r.timesUln,
  ratio: r.ratio,
  value: r.value,
  uln: r.uln,
  unit: r.unit,
  date: r.date,
  resultId: r.resultId,
  test: r.test,
  collectedAt: r.collectedAt,
});

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
