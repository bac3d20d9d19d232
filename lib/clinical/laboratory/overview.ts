/**
 * The test overview of a study's laboratory results (docs/clinical-rules.md, Laboratory test overview): one row per
 * test and unit, with what a reviewer checks first: how many subjects and results, numeric against text, the share
 * below and above the reference range, the spread of the values, and what is odd about the data.
 */

import { percentOf } from "../common/percent";
import { complete, ROWS_PER_PAUSE, type Sliced } from "../common/sliced";
import type { MeasurementRow } from "../measurements/rows";
import { hasBounds, parseReferenceRange, rangeFlag } from "./reference-range";
import { collectedKey, type LabTest, testName } from "./series";
import { fiveNumbers } from "./stats";

/** At most this many distinct range texts are listed per row; the rest are counted. */
export const MAX_RANGE_TEXTS = 5;

export interface LabOverviewRow {
  testKey: string;
  test: string;
  code: string | null;
  unit: string | null;
  /** How many units the test's results come in (more than one: a unit change, flagged). */
  unitsInTest: number;
  subjects: number;
  results: number;
  numeric: number;
  text: number;
  /** Results with neither a value nor a text. */
  empty: number;
  /** Numeric results whose reference range has a bound: the base of the percentages. */
  ranged: number;
  below: number;
  above: number;
  /** below and above as a percentage of `ranged`, to one decimal (./percent.ts); null without a readable range. */
  pctBelow: number | null;
  pctAbove: number | null;
  min: number | null;
  median: number | null;
  max: number | null;
  /** The distinct reference range texts, as sent, at most MAX_RANGE_TEXTS; `moreRanges` counts the others. */
  ranges: string[];
  moreRanges: number;
  /** Numeric results whose range text gives no bound (free text), and without any range text. */
  unreadableRange: number;
  noRange: number;
  undated: number;
  noSubject: number;
  noVisit: number;
}

export const labOverview = (rows: readonly MeasurementRow[], tests: readonly LabTest[]): LabOverviewRow[] =>
  complete(labOverviewSliced(rows, tests));

/** labOverview() in slices (./sliced.ts). */
export function* labOverviewSliced(
  rows: readonly MeasurementRow[],
  tests: readonly LabTest[],
): Sliced<LabOverviewRow[]> {
  const out: LabOverviewRow[] = [];
  for (const test of tests)
    for (const series of test.series) {
      const counts = yield* seriesCounts(rows, series.indexes);
      out.push({
        testKey: test.key,
        test: testName(test),
        code: test.code,
        unit: series.unit,
        unitsInTest: test.series.length,
        ...counts,
      });
    }
  return out;
}

type Counts = Omit<LabOverviewRow, "testKey" | "test" | "code" | "unit" | "unitsInTest">;

type ValueCounts = Pick<Counts, "text" | "empty" | "ranged" | "below" | "above" | "unreadableRange" | "noRange">;

function* seriesCounts(rows: readonly MeasurementRow[], indexes: Uint32Array): Sliced<Counts> {
  const subjects = new Set<string>();
  const ranges = new Set<string>();
  const values: number[] = [];
  const c: ValueCounts = { text: 0, empty: 0, ranged: 0, below: 0, above: 0, unreadableRange: 0, noRange: 0 };
  const missing = { undated: 0, noSubject: 0, noVisit: 0 };
  for (let k = 0; k < indexes.length; k++) {
    if (k % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const row = rows[indexes[k]];
    if (row.subjectId !== null) subjects.add(row.subjectId);
    else missing.noSubject++;
    if (row.visit === null) missing.noVisit++;
    if (collectedKey(row) === null) missing.undated++;
    if (row.range !== null) ranges.add(row.range);
    if (row.value !== null) values.push(row.value);
    countValue(c, row);
  }
  const spread = fiveNumbers(values);
  const texts = [...ranges];
  return {
    subjects: subjects.size,
    results: indexes.length,
    numeric: values.length,
    ...c,
    pctBelow: percentOf(c.below, c.ranged),
    pctAbove: percentOf(c.above, c.ranged),
    min: spread?.min ?? null,
    median: spread?.median ?? null,
    max: spread?.max ?? null,
    ranges: texts.slice(0, MAX_RANGE_TEXTS),
    moreRanges: Math.max(0, texts.length - MAX_RANGE_TEXTS),
    ...missing,
  };
}

/** One result counted by its value (a text, or none) and, for a number, by its range (none, no bound, L, H). */
function countValue(c: ValueCounts, row: MeasurementRow): void {
  if (row.value === null) {
    if (row.text !== null) c.text++;
    else c.empty++;
    return;
  }
  if (row.range === null) {
    c.noRange++;
    return;
  }
  const range = parseReferenceRange(row.range);
  if (!hasBounds(range)) {
    c.unreadableRange++;
    return;
  }
  c.ranged++;
  const flag = rangeFlag(row.value, range);
  if (flag === "L") c.below++;
  else if (flag === "H") c.above++;
}
