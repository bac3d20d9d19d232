/**
 * Shift tables of one series (a test in one unit; docs/clinical-rules.md, Shift tables): each subject's baseline
 * range category against the worst category after baseline, within the on-treatment window where the subject's
 * baseline comes from its first dose (./baseline.ts). A subject can be worse in both directions, so there are two
 * tables: the lowest category reached after baseline, and the highest.
 */

import type { MeasurementRow } from "../measurements/rows";
import { type BaselineBasis, PHASES, type PlacedRow, type Placement } from "./baseline";
import { resultFlag } from "./reference-range";

/** L, N, H against the record's own range; M (missing): no result, or no readable range on it. */
export type ShiftCategory = "L" | "N" | "H" | "M";
export const SHIFT_CATEGORIES: readonly ShiftCategory[] = ["L", "N", "H", "M"];
export type ShiftDirection = "low" | "high";

export interface SubjectShift {
  subjectId: string;
  /** How the subject's baseline was found. */
  basis: BaselineBasis;
  baseline: ShiftCategory;
  /** The lowest and the highest category reached after baseline (L < N < H); M when none has one. */
  low: ShiftCategory;
  high: ShiftCategory;
}

const RANK = { L: 0, N: 1, H: 2 } as const;
const AFTER = PHASES.indexOf("after");
const categoryOf = (row: Pick<MeasurementRow, "value" | "range">): ShiftCategory =>
  resultFlag(row.value, row.range) ?? "M";

/** Each subject's shift, in order of the subjects' first result, from the series' placement (./baseline.ts). */
export function subjectShifts(rows: readonly PlacedRow[], indexes: ArrayLike<number>, p: Placement): SubjectShift[] {
  const worst = new Map<string, { low: ShiftCategory; high: ShiftCategory }>();
  for (let k = 0; k < indexes.length; k++) {
    if (p.phases[k] !== AFTER) continue;
    const row = rows[indexes[k]];
    const c = categoryOf(row);
    if (c === "M") continue;
    const seen = worst.get(row.subjectId as string);
    if (!seen) worst.set(row.subjectId as string, { low: c, high: c });
    else {
      if (RANK[c] < RANK[seen.low as "L"]) seen.low = c;
      if (RANK[c] > RANK[seen.high as "L"]) seen.high = c;
    }
  }
  return [...p.subjects].map(([subjectId, s]) => ({
    subjectId,
    basis: s.basis,
    baseline: s.baseline === null ? "M" : categoryOf(rows[indexes[s.baseline]]),
    low: worst.get(subjectId)?.low ?? "M",
    high: worst.get(subjectId)?.high ?? "M",
  }));
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
