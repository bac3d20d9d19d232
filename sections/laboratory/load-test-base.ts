/**
 * The part of one laboratory test's view that does not depend on the request (./laboratory-test.ts adds the rest):
 * per unit, the distribution by visit, the range texts and the shift tables, computed once per cached laboratory
 * entry and test.
 */

import { visitOrder } from "@/lib/clinical/common/visit-order";
import { MAX_RANGE_TEXTS } from "@/lib/clinical/laboratory/overview";
import type { LabTest } from "@/lib/clinical/laboratory/series";
import { type BaselineRule, type ShiftTable, shiftTable, subjectShifts } from "@/lib/clinical/laboratory/shift";
import { type VisitBox, visitDistribution } from "@/lib/clinical/laboratory/visits";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derived, derivedOf } from "@/lib/study/derived";
import type { CachedRows } from "@/lib/study-cache/row-mappers";

/** What a series (a unit of the test) shows whatever the request. */
export interface SeriesSummary {
  unit: string | null;
  results: number;
  numeric: number;
  boxes: VisitBox[];
  /** The series' distinct reference range texts as sent (at most MAX_RANGE_TEXTS; `moreRanges` the others). */
  ranges: string[];
  moreRanges: number;
  /** Numeric results that came without a range text: the chart then draws no bounds, which would not be theirs. */
  unranged: number;
  /** Subjects with a numeric result of the series: the subjects of the shift tables. */
  subjects: number;
}

export interface SeriesBase extends SeriesSummary {
  indexes: Uint32Array;
  tables: { low: ShiftTable; high: ShiftTable };
}

export interface TestBase {
  series: SeriesBase[];
  /** Every subject with a result of the test, sorted. */
  subjects: string[];
  visits: (string | null)[];
}

/**
 * The study's visit order over all its laboratory records (docs/clinical-rules.md, Visit order of a study), once per
 * cached entry: every test orders its visits by it, so two tests never disagree on where a visit falls.
 */
export const labVisitOrder = (lab: CachedRows<MeasurementRow>): string[] =>
  derived("laboratory:visit-order", [lab], () => visitOrder(lab.rows));

/** Per-test views kept per laboratory entry: a study's few dozen tests, each of a few tens of KB. */
const TESTS_KEPT = 64;

/** The part of a test's view that does not depend on the request, once per cached entry and test. */
export const testBase = (lab: CachedRows<MeasurementRow>, test: LabTest, rule: BaselineRule): TestBase =>
  // One per test of the data (a study may have hundreds): a family of its own (./derived.ts).
  derivedOf("laboratory:test", test.key, [lab], () => computeTestBase(lab, test, rule), TESTS_KEPT);

function computeTestBase(lab: CachedRows<MeasurementRow>, test: LabTest, rule: BaselineRule): TestBase {
  const rows = lab.rows;
  const order = labVisitOrder(lab);
  const subjects = new Set<string>();
  const visits = new Set<string | null>();
  const series = test.series.map(({ unit, indexes }) => {
    let numeric = 0;
    let unranged = 0;
    const ranges = new Set<string>();
    for (const i of indexes) {
      const row = rows[i];
      if (row.subjectId !== null) subjects.add(row.subjectId);
      visits.add(row.visit);
      if (row.range !== null) ranges.add(row.range);
      if (row.value !== null) {
        numeric++;
        if (row.range === null) unranged++;
      }
    }
    const shifts = subjectShifts(rows, indexes, rule);
    const tables = { low: shiftTable(shifts, "low"), high: shiftTable(shifts, "high") };
    const boxes = visitDistribution(rows, indexes, order);
    const texts = [...ranges];
    return {
      unit,
      indexes,
      results: indexes.length,
      numeric,
      boxes,
      ranges: texts.slice(0, MAX_RANGE_TEXTS),
      moreRanges: Math.max(0, texts.length - MAX_RANGE_TEXTS),
      unranged,
      subjects: shifts.length,
      tables,
    };
  });
  return { series, subjects: [...subjects].sort(), visits: [...visits] };
}
