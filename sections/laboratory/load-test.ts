/**
 * One test of the laboratory section: per unit, the distribution by visit and the shift tables (once per cached
 * laboratory entry and test: ./laboratory-test-base.ts); and the results its listing shows for a choice of unit,
 * visit, quick filter and shift-table cell, kept as one stable array per choice so that the server table sorts it once.
 */
import { type ResultChoice, resultMatches } from "@/lib/clinical/laboratory/results";
import type { LabTest } from "@/lib/clinical/laboratory/series";
import {
  type BaselineRule,
  SHIFT_CATEGORIES,
  type ShiftCategory,
  type ShiftTable,
} from "@/lib/clinical/laboratory/shift";
import { type SubjectPoint, subjectPoints } from "@/lib/clinical/laboratory/visits";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derivedOf } from "@/lib/study/derived";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { type SeriesBase, type SeriesSummary, type TestBase, testBase } from "./load-test-base";
import type { ShiftCell } from "./query";

export type ShiftCounts = Record<ShiftCategory, Record<ShiftCategory, number>>;

export interface SeriesView extends SeriesSummary {
  shift: { low: ShiftCounts; high: ShiftCounts };
  /** The chosen subjects' points, for those of them with a numeric result of the series. */
  lines: { subjectId: string; points: SubjectPoint[] }[];
}

const counts = (t: ShiftTable): ShiftCounts =>
  Object.fromEntries(
    SHIFT_CATEGORIES.map((b) => [b, Object.fromEntries(SHIFT_CATEGORIES.map((w) => [w, t[b][w].length]))]),
  ) as ShiftCounts;

export interface ListingChoice {
  unit: string | null | undefined;
  visit: string | null | undefined;
  show: ResultChoice;
  shift: ShiftCell | null;
}

export interface TestView {
  series: SeriesView[];
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

export function testView(
  lab: CachedRows<MeasurementRow>,
  test: LabTest,
  rule: BaselineRule,
  asked: Omit<ListingChoice, "show"> & { show: ResultChoice | null; subjects: string[] },
): TestView {
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
    series: base.series.map((s) => seriesView(s, lab.rows, chosen)),
    subjects: base.subjects,
    chosen,
    visits: base.visits,
    choice,
    listing: listing(lab, test, base, choice, cellSubjects),
    shiftSubjects: cellSubjects?.length ?? null,
  };
}

/** A series as the request sees it: its shift tables as counts and the chosen subjects' lines. */
function seriesView(s: SeriesBase, rows: readonly MeasurementRow[], chosen: string[]): SeriesView {
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
