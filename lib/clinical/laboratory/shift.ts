/**
 * Shift tables of one series (a test in one unit; docs/clinical-rules.md, Shift tables): each subject's baseline
 * range category against the worst category after baseline. A subject can be worse in both directions, so there
 * are two tables: the lowest category reached after baseline, and the highest.
 *
 * Baseline, decided from the data: when the study has results at a visit named Screening or Baseline, a subject's
 * baseline is its last result (by collection time) at such a visit, and every result at another visit is after
 * baseline. A study without such visits takes each subject's first dated result as baseline, and the results dated
 * after it as after baseline (undated results then take no part).
 */

import type { MeasurementRow } from "../measurements/rows";
import { resultFlag } from "./reference-range";
import { collectedKey } from "./series";

/** L, N, H against the record's own range; M (missing): no result, or no readable range on it. */
export type ShiftCategory = "L" | "N" | "H" | "M";
export const SHIFT_CATEGORIES: readonly ShiftCategory[] = ["L", "N", "H", "M"];
export type BaselineRule = "named visit" | "first result";
export type ShiftDirection = "low" | "high";

const BASELINE_VISIT = /\b(screening|baseline)\b/i;
export const isBaselineVisit = (visit: string | null) => visit !== null && BASELINE_VISIT.test(visit);

type Row = Pick<MeasurementRow, "subjectId" | "visit" | "collectedAt" | "value" | "range">;

/** The rule a study's results call for: any result at a Screening or Baseline visit makes it "named visit". */
export function baselineRule(rows: readonly Pick<MeasurementRow, "visit">[]): BaselineRule {
  let last: string | null = null;
  for (const row of rows) {
    // Rows repeat a few interned visit names: test each name once in a row.
    if (row.visit === last) continue;
    last = row.visit;
    if (isBaselineVisit(row.visit)) return "named visit";
  }
  return "first result";
}

export interface SubjectShift {
  subjectId: string;
  baseline: ShiftCategory;
  /** The lowest and the highest category reached after baseline (L < N < H); M when none has one. */
  low: ShiftCategory;
  high: ShiftCategory;
}

const RANK = { L: 0, N: 1, H: 2 } as const;
const categoryOf = (row: Row): ShiftCategory => resultFlag(row.value, row.range) ?? "M";

/** Each subject's shift, in order of the subjects' first result; only numeric results with a subject count. */
export function subjectShifts(rows: readonly Row[], indexes: ArrayLike<number>, rule: BaselineRule): SubjectShift[] {
  const bySubject = new Map<string, Row[]>();
  for (let k = 0; k < indexes.length; k++) {
    const row = rows[indexes[k]];
    if (row.subjectId === null || row.value === null) continue;
    const list = bySubject.get(row.subjectId);
    if (list) list.push(row);
    else bySubject.set(row.subjectId, [row]);
  }
  return [...bySubject].map(([subjectId, results]) => shiftOf(subjectId, results, rule));
}

function shiftOf(subjectId: string, results: Row[], rule: BaselineRule): SubjectShift {
  const { baseline, after } = rule === "named visit" ? byNamedVisit(results) : byFirstResult(results);
  let low: ShiftCategory = "M";
  let high: ShiftCategory = "M";
  for (const row of after) {
    const c = categoryOf(row);
    if (c === "M") continue;
    if (low === "M" || RANK[c] < RANK[low]) low = c;
    if (high === "M" || RANK[c] > RANK[high]) high = c;
  }
  return { subjectId, baseline: baseline ? categoryOf(baseline) : "M", low, high };
}

/** Whether `a` was collected at or after `than`: an undated result is the earliest; of equal times the later wins. */
const isLater = (a: Row, than: Row) => {
  const [x, y] = [collectedKey(a), collectedKey(than)];
  return y === null || (x !== null && x >= y);
};

function byNamedVisit(results: Row[]) {
  let baseline: Row | null = null;
  const after: Row[] = [];
  for (const row of results) {
    if (!isBaselineVisit(row.visit)) after.push(row);
    else if (!baseline || isLater(row, baseline)) baseline = row;
  }
  return { baseline, after };
}

function byFirstResult(results: Row[]) {
  const dated = results.filter((r) => collectedKey(r) !== null);
  let baseline: Row | null = null;
  for (const row of dated)
    if (!baseline || (collectedKey(row) as string) < (collectedKey(baseline) as string)) baseline = row;
  const from = baseline ? (collectedKey(baseline) as string) : "";
  return { baseline, after: dated.filter((r) => (collectedKey(r) as string) > from) };
}

/** A shift table: per baseline category, per worst category, the subjects, in order of their first result. */
export type ShiftTable = Record<ShiftCategory, Record<ShiftCategory, string[]>>;

export function shiftTable(shifts: readonly SubjectShift[], direction: ShiftDirection): ShiftTable {
  const table = Object.fromEntries(
    SHIFT_CATEGORIES.map((b) => [b, Object.fromEntries(SHIFT_CATEGORIES.map((w) => [w, [] as string[]]))]),
  ) as ShiftTable;
  for (const s of shifts) table[s.baseline][s[direction]].push(s.subjectId);
  return table;
}
