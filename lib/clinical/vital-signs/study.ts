/**
 * Everything the vital-signs view shows of a study, computed in one pass
 * over its records (once per cached entry, by the loader): the visit order,
 * the groups with their summaries by visit (of one reading per subject and
 * visit: ./readings.ts), and the counts behind the data notes, so that
 * nothing odd is dropped silently.
 */

import { complete, ROWS_PER_PAUSE, type Sliced } from "../common/sliced";
import { dayReader, visitOrder } from "../common/visit-order";
import type { MeasurementRow } from "../measurements/rows";
import { groupVitals, type VitalGroupKey, type VitalGroupRows } from "./groups";
import { countedReadings, type LeftOutReason } from "./readings";
import { countTexts, type NumberGroupSummary, summarizeNumbers, type TextGroupSummary } from "./summary";

export interface VitalGroupSummary extends VitalGroupRows {
  numbers: NumberGroupSummary | null;
  texts: TextGroupSummary | null;
  /** Records of the group whose own record carries a range text. */
  withRangeText: number;
  /** The group's records its summary does not count, with the reason (every record stays in the listing). */
  leftOut: ReadonlyMap<MeasurementRow, LeftOutReason>;
}

export interface VitalDataCounts {
  records: number;
  noSubject: number;
  noVisit: number;
  /** Records without a readable collection date: they do not place their visit. */
  noDate: number;
  /** Records with neither a number nor a text. */
  noResult: number;
  /** Numeric results without a unit. */
  numbersWithoutUnit: number;
  /** Numeric results, and those whose record carries a range text. */
  numbers: number;
  numbersWithRange: number;
  /** Items with numbers in more than one unit. */
  multiUnit: { test: string; units: (string | null)[] }[];
  /** Items with numbers that also have records without one (text or nothing), and how many. */
  textInNumericItems: { test: string; records: number }[];
  /** Groups with subjects' earlier readings at a visit, left out of the summary, and how many. */
  earlierReadings: (VitalGroupKey & { records: number })[];
}

export interface VitalStudy {
  order: string[];
  groups: VitalGroupSummary[];
  counts: VitalDataCounts;
}

export const vitalStudy = (rows: readonly MeasurementRow[]): VitalStudy => complete(vitalStudySliced(rows));

/** vitalStudy() in slices (./sliced.ts): a pause between its passes over the records and after each group. */
export function* vitalStudySliced(rows: readonly MeasurementRow[]): Sliced<VitalStudy> {
  const order = visitOrder(rows);
  yield;
  const grouped = groupVitals(rows);
  const groups: VitalGroupSummary[] = [];
  for (const g of grouped) {
    yield;
    let withRangeText = 0;
    for (const r of g.rows) if (r.range !== null) withRangeText++;
    const { counted, leftOut } = countedReadings(g.rows);
    groups.push({
      ...g,
      numbers: g.kind === "number" ? summarizeNumbers(counted, order) : null,
      texts: g.kind === "text" ? countTexts(counted, order) : null,
      withRangeText,
      leftOut,
    });
  }
  return { order, groups, counts: yield* dataCounts(rows, groups) };
}

function* dataCounts(rows: readonly MeasurementRow[], groups: readonly VitalGroupSummary[]): Sliced<VitalDataCounts> {
  let [noSubject, noVisit, noDate, noResult] = [0, 0, 0, 0];
  const dayOf = dayReader();
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const r = rows[i];
    if (r.subjectId === null) noSubject++;
    if (r.visit === null) noVisit++;
    if (Number.isNaN(dayOf(r.collectedAt))) noDate++;
    if (r.value === null && r.text === null) noResult++;
  }
  const numeric = groups.filter((g) => g.kind === "number");
  const unitsOf = (test: string) => numeric.filter((g) => g.test === test).map((g) => g.unit);
  const tests = [...new Set(numeric.map((g) => g.test))];
  return {
    records: rows.length,
    noSubject,
    noVisit,
    noDate,
    noResult,
    numbersWithoutUnit: numeric.filter((g) => g.unit === null).reduce((n, g) => n + g.rows.length, 0),
    numbers: numeric.reduce((n, g) => n + g.rows.length, 0),
    numbersWithRange: numeric.reduce((n, g) => n + g.withRangeText, 0),
    multiUnit: tests.filter((t) => unitsOf(t).length > 1).map((test) => ({ test, units: unitsOf(test) })),
    textInNumericItems: groups
      .filter((g) => g.kind === "text" && tests.includes(g.test))
      .map((g) => ({ test: g.test, records: g.rows.length })),
    earlierReadings: groups
      .map(({ test, unit, kind, leftOut }) => ({ test, unit, kind, records: earlier(leftOut) }))
      .filter((g) => g.records > 0),
  };
}

function earlier(leftOut: ReadonlyMap<MeasurementRow, LeftOutReason>): number {
  let n = 0;
  for (const why of leftOut.values()) if (why === "earlier reading") n++;
  return n;
}
