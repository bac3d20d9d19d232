/**
 * A series of a chosen test (the test in one unit; docs/clinical-rules.md, Tests and units) as its detail shows it:
 * its counts, distribution by visit, range texts, shift tables, and the results dated after the on-treatment
 * window, which the shift tables leave out (docs/clinical-rules.md, Baseline and the on-treatment window).
 */

import { PHASES, type Placement } from "@/lib/clinical/laboratory/baseline";
import { MAX_RANGE_TEXTS } from "@/lib/clinical/laboratory/overview";
import { SHIFT_CATEGORIES, type ShiftCategory, type ShiftTable } from "@/lib/clinical/laboratory/shift";
import { type SubjectPoint, type VisitBox, visitDistribution } from "@/lib/clinical/laboratory/visits";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";

/** A shift table's counts of subjects: by baseline category (rows), then category after baseline (columns). */
export type ShiftCounts = Record<ShiftCategory, Record<ShiftCategory, number>>;

/** What a series (a unit of the test) shows whatever the request. */
export interface SeriesSummary {
  unit: string | null;
  results: number;
  numeric: number;
  boxes: VisitBox[];
  /** The boxes of the results above 0, for a log value axis, and how many numeric results are 0 or less. */
  logBoxes: VisitBox[];
  nonPositive: number;
  /** The series' distinct reference range texts as sent (at most MAX_RANGE_TEXTS; `moreRanges` the others). */
  ranges: string[];
  moreRanges: number;
  /** Numeric results that came without a range text: the chart then draws no bounds, which would not be theirs. */
  unranged: number;
  /** Subjects with a numeric result of the series: the subjects of the shift tables. */
  subjects: number;
  /** Numeric results dated after their subject's on-treatment window: not counted after baseline. */
  late: number;
}

/** A series as the request sees it: its shift tables as counts and the chosen lines. */
export interface SeriesDetail extends SeriesSummary {
  shift: { low: ShiftCounts; high: ShiftCounts };
  /** The chosen subjects' points, for those of them with a numeric result of the series. */
  lines: { subjectId: string; points: SubjectPoint[] }[];
}

/** A series whatever the request: the indexes of its results, their placement and its shift tables' subjects. */
export interface SeriesBase extends SeriesSummary {
  indexes: Uint32Array;
  placement: Placement;
  tables: { low: ShiftTable; high: ShiftTable };
}

const LATE = PHASES.indexOf("late");

export function seriesBase(
  rows: readonly MeasurementRow[],
  { unit, indexes }: { unit: string | null; indexes: Uint32Array },
  placement: Placement,
  tables: SeriesBase["tables"],
  order: readonly string[],
): SeriesBase {
  let numeric = 0;
  let unranged = 0;
  let nonPositive = 0;
  const ranges = new Set<string>();
  for (const i of indexes) {
    const row = rows[i];
    if (row.range !== null) ranges.add(row.range);
    if (row.value !== null) {
      numeric++;
      if (row.range === null) unranged++;
      if (!(row.value > 0)) nonPositive++;
    }
  }
  const texts = [...ranges];
  return {
    unit,
    indexes,
    placement,
    results: indexes.length,
    numeric,
    boxes: visitDistribution(rows, indexes, order),
    logBoxes: visitDistribution(rows, indexes, order, true),
    nonPositive,
    ranges: texts.slice(0, MAX_RANGE_TEXTS),
    moreRanges: Math.max(0, texts.length - MAX_RANGE_TEXTS),
    unranged,
    subjects: placement.subjects.size,
    late: placement.phases.reduce((n, p) => n + (p === LATE ? 1 : 0), 0),
    tables,
  };
}

const counts = (t: ShiftTable): ShiftCounts =>
  Object.fromEntries(
    SHIFT_CATEGORIES.map((b) => [b, Object.fromEntries(SHIFT_CATEGORIES.map((w) => [w, t[b][w].length]))]),
  ) as ShiftCounts;

/** A series as the request sees it, without the chosen lines. */
export function seriesDetail(s: SeriesBase): Omit<SeriesDetail, "lines"> {
  return {
    unit: s.unit,
    results: s.results,
    numeric: s.numeric,
    boxes: s.boxes,
    logBoxes: s.logBoxes,
    nonPositive: s.nonPositive,
    ranges: s.ranges,
    moreRanges: s.moreRanges,
    unranged: s.unranged,
    subjects: s.subjects,
    late: s.late,
    shift: { low: counts(s.tables.low), high: counts(s.tables.high) },
  };
}
