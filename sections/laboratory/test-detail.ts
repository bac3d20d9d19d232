/**
 * One laboratory test's detail (docs/clinical-rules.md, Laboratory): its distribution by visit, range texts and
 * shift tables once per cached entry and test (testBase), and for the request the chosen subjects' lines and the
 * listing's rows for the URL's choice of unit, visit, quick filter and shift-table cell, kept as one stable array per
 * choice so that the server table sorts them once.
 */
import { visitOrder } from "@/lib/clinical/common/visit-order";
import { MAX_RANGE_TEXTS } from "@/lib/clinical/laboratory/overview";
import { type ResultChoice, resultMatches } from "@/lib/clinical/laboratory/results";
import type { LabTest } from "@/lib/clinical/laboratory/series";
import {
  type BaselineRule,
  SHIFT_CATEGORIES,
  type ShiftCategory,
  type ShiftTable,
  shiftTable,
  subjectShifts,
} from "@/lib/clinical/laboratory/shift";
import { type SubjectPoint, subjectPoints, type VisitBox, visitDistribution } from "@/lib/clinical/laboratory/visits";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derived, derivedOf } from "@/lib/study/derived";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import type { ShiftCell } from "./query";

/** A shift table's counts of subjects: by baseline category (rows), then category after baseline (columns). */
export type ShiftCounts = Record<ShiftCategory, Record<ShiftCategory, number>>;

/** A series (the test in one unit) as the request sees it: its shift tables as counts and the chosen lines. */
export interface SeriesDetail extends SeriesSummary {
  shift: { low: ShiftCounts; high: ShiftCounts };
  /** The chosen subjects' points, for those of them with a numeric result of the series. */
  lines: { subjectId: string; points: SubjectPoint[] }[];
}

/** What the results listing shows: a unit, a visit, a quick choice and a shift-table cell (undefined: every). */
export interface ListingChoice {
  unit: string | null | undefined;
  visit: string | null | undefined;
  show: ResultChoice;
  shift: ShiftCell | null;
}

/** A chosen test's series, subjects and visits, and its listing for the request. */
export interface TestDetail {
  series: SeriesDetail[];
  subjects: string[];
  /** The subjects of the URL whose lines are drawn: those with results of the test. */
  chosen: string[];
  visits: (string | null)[];
  /** The listing's choice, with what the data does not have dropped, and its rows. */
  choice: ListingChoice;
  listing: MeasurementRow[];
  /** Subjects of the chosen shift-table cell or total, when one is chosen. */
  shiftSubjects: number | null;
}

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

/** A series whatever the request: the indexes of its results and its shift tables' subjects. */
interface SeriesBase extends SeriesSummary {
  indexes: Uint32Array;
  tables: { low: ShiftTable; high: ShiftTable };
}

/** A test whatever the request. */
interface TestBase {
  series: SeriesBase[];
  /** Every subject with a result of the test, sorted. */
  subjects: string[];
  visits: (string | null)[];
}

/** A test's detail for the request: its base (testBase) with the chosen subjects' lines and the listing. */
const counts = (t: ShiftTable): ShiftCounts =>
  Object.fromEntries(
    SHIFT_CATEGORIES.map((b) => [b, Object.fromEntries(SHIFT_CATEGORIES.map((w) => [w, t[b][w].length]))]),
  ) as ShiftCounts;

export function testDetail(
  lab: CachedRows<MeasurementRow>,
  test: LabTest,
  rule: BaselineRule,
  asked: Omit<ListingChoice, "show"> & { show: ResultChoice | null; subjects: string[] },
): TestDetail {
  const base = testBase(lab, test, rule);
  // Abnormal results by default; a test with text results only has none, so all of them.
  const show = asked.show ?? (base.series.some((s) => s.numeric > 0) ? "abnormal" : "all");
  const unitSeries = base.series.find((s) => s.unit === asked.unit);
  const choice: ListingChoice = {
    unit: unitSeries ? asked.unit : undefined,
    visit: base.visits.includes(asked.visit ?? null) && asked.visit !== undefined ? asked.visit : undefined,
    show,
    shift: unitSeries ? asked.shift : null,
  };
  const cellSubjects = unitSeries && choice.shift ? cellOf(unitSeries, choice.shift) : null;
  const chosen = asked.subjects.filter((s) => base.subjects.includes(s));
  return {
    series: base.series.map((s) => seriesDetail(s, lab.rows, chosen)),
    subjects: base.subjects,
    chosen,
    visits: base.visits,
    choice,
    listing: listing(lab, test, base, choice, cellSubjects),
    shiftSubjects: cellSubjects?.length ?? null,
  };
}

/** A series as the request sees it: its shift tables as counts and the chosen subjects' lines. */
function seriesDetail(s: SeriesBase, rows: readonly MeasurementRow[], chosen: string[]): SeriesDetail {
  return {
    unit: s.unit,
    results: s.results,
    numeric: s.numeric,
    boxes: s.boxes,
    ranges: s.ranges,
    moreRanges: s.moreRanges,
    unranged: s.unranged,
    subjects: s.subjects,
    shift: { low: counts(s.tables.low), high: counts(s.tables.high) },
    lines: chosen
      .map((subjectId) => ({ subjectId, points: subjectPoints(rows, s.indexes, subjectId) }))
      .filter((l) => l.points.length > 0),
  };
}

/** The subjects of a cell, or of a total (a null category: every one); a subject is in one cell per table. */
function cellOf(s: SeriesBase, c: ShiftCell): string[] {
  const table = s.tables[c.direction];
  const baselines = c.baseline === null ? SHIFT_CATEGORIES : [c.baseline];
  const worsts = c.worst === null ? SHIFT_CATEGORIES : [c.worst];
  return baselines.flatMap((b) => worsts.flatMap((w) => table[b][w]));
}

/** The listing's rows for a choice: one array per choice and cached entry, in the partner's order. */
function listing(
  lab: CachedRows<MeasurementRow>,
  test: LabTest,
  base: TestBase,
  choice: ListingChoice,
  cellSubjects: string[] | null,
): MeasurementRow[] {
  // "*" (unquoted) is "any", apart from every JSON value, so that "every unit" and "no unit" never share a name.
  const part = (v: unknown) => (v === undefined ? "*" : JSON.stringify(v));
  const parts = [test.key, choice.unit, choice.visit, choice.show, choice.shift];
  return derivedOf("laboratory:list", parts.map(part).join("|"), [lab], () => {
    const series = choice.unit === undefined ? base.series : base.series.filter((s) => s.unit === choice.unit);
    const inCell = cellSubjects ? new Set(cellSubjects) : null;
    const indexes = series.flatMap((s) => [...s.indexes]).sort((a, b) => a - b);
    const out: MeasurementRow[] = [];
    for (const i of indexes) {
      const row = lab.rows[i];
      if (choice.visit !== undefined && row.visit !== choice.visit) continue;
      if (inCell && (row.subjectId === null || !inCell.has(row.subjectId))) continue;
      if (resultMatches(row, choice.show)) out.push(row);
    }
    return out;
  });
}

/**
 * The study's visit order over all its laboratory records (docs/clinical-rules.md, Visit order of a study), once per
 * cached entry: every test orders its visits by it, so two tests never disagree on where a visit falls.
 */
const labVisitOrder = (lab: CachedRows<MeasurementRow>): string[] =>
  derived("laboratory:visit-order", [lab], () => visitOrder(lab.rows));

/** Per-test bases kept per laboratory entry: a study's few dozen tests, each of a few tens of KB. */
const TESTS_KEPT = 64;

/** The part of a test's detail that does not depend on the request, once per cached entry and test. */
const testBase = (lab: CachedRows<MeasurementRow>, test: LabTest, rule: BaselineRule): TestBase =>
  // One per test of the data (a study may have hundreds): a family of its own (lib/study/derived.ts).
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
