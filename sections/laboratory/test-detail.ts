/**
 * One laboratory test's detail (docs/clinical-rules.md, Laboratory): its distribution by visit, range texts, the
 * placement of its results against each subject's baseline and shift tables once per cached entry, test and window
 * (testBase), and for the request the chosen subjects' lines and the listing (./listing.ts) for the URL's choice of
 * unit, visit, quick filter, shift-table cell and part.
 */
import { visitOrder } from "@/lib/clinical/common/visit-order";
import type { TreatmentWindow } from "@/lib/clinical/exposure/on-treatment";
import { type BaselineBasis, type BaselineRule, placeResults } from "@/lib/clinical/laboratory/baseline";
import type { ResultChoice } from "@/lib/clinical/laboratory/results";
import type { LabTest } from "@/lib/clinical/laboratory/series";
import { SHIFT_CATEGORIES, type ShiftTable, shiftTable, subjectShifts } from "@/lib/clinical/laboratory/shift";
import { subjectPoints } from "@/lib/clinical/laboratory/visits";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derived, derivedOf } from "@/lib/study/derived";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { type LabListingRow, type ListingChoice, listingRows } from "./listing";
import type { ShiftCell } from "./query";
import { type SeriesBase, type SeriesDetail, seriesBase, seriesDetail } from "./test-series";

export type { SeriesDetail, SeriesSummary, ShiftCounts } from "./test-series";

/** A chosen test's series, subjects and visits, and its listing for the request. */
export interface TestDetail {
  series: SeriesDetail[];
  subjects: string[];
  /** The subjects of the URL whose lines are drawn: those with results of the test. */
  chosen: string[];
  visits: (string | null)[];
  /** Subjects with a numeric result of the test, by how their baseline was found. */
  bases: Record<BaselineBasis, number>;
  /** The listing's choice, with what the data does not have dropped, and its rows. */
  choice: ListingChoice;
  listing: LabListingRow[];
  /** Subjects of the chosen shift-table cell or total, when one is chosen. */
  shiftSubjects: number | null;
}

/** What the placement of results depends on besides the results: the study's rule, the exposure and the window. */
export interface DetailContext {
  rule: BaselineRule;
  exposure: ReadonlyMap<string, TreatmentWindow>;
  windowDays: number;
}

/** A test whatever the request. */
interface TestBase {
  series: SeriesBase[];
  /** Every subject with a result of the test, sorted. */
  subjects: string[];
  visits: (string | null)[];
  bases: Record<BaselineBasis, number>;
}

type Asked = Omit<ListingChoice, "show"> & { show: ResultChoice | null; subjects: string[] };

export function testDetail(
  lab: CachedRows<MeasurementRow>,
  test: LabTest,
  ctx: DetailContext,
  asked: Asked,
): TestDetail {
  const base = testBase(lab, test, ctx);
  // Abnormal results by default; a test with text results only has none, so all of them.
  const show = asked.show ?? (base.series.some((s) => s.numeric > 0) ? "abnormal" : "all");
  const unitSeries = base.series.find((s) => s.unit === asked.unit);
  const choice: ListingChoice = {
    unit: unitSeries ? asked.unit : undefined,
    visit: base.visits.includes(asked.visit ?? null) && asked.visit !== undefined ? asked.visit : undefined,
    show,
    shift: unitSeries ? asked.shift : null,
    phase: asked.phase,
    valueMax: asked.valueMax,
  };
  const cellSubjects = unitSeries && choice.shift ? cellOf(unitSeries, choice.shift) : null;
  const chosen = asked.subjects.filter((s) => base.subjects.includes(s));
  const key = `${test.key}|${ctx.windowDays}`;
  return {
    series: base.series.map((s) => ({ ...seriesDetail(s), lines: lines(lab.rows, s, chosen) })),
    subjects: base.subjects,
    chosen,
    visits: base.visits,
    bases: base.bases,
    choice,
    listing: listingRows(lab, ctx.exposure, key, base.series, choice, cellSubjects),
    shiftSubjects: cellSubjects?.length ?? null,
  };
}

/** The chosen subjects' points, for those of them with a numeric result of the series. */
const lines = (rows: readonly MeasurementRow[], s: SeriesBase, chosen: string[]) =>
  chosen
    .map((subjectId) => ({ subjectId, points: subjectPoints(rows, s.indexes, subjectId) }))
    .filter((l) => l.points.length > 0);

/** The subjects of a cell, or of a total (a null category: every one); a subject is in one cell per table. */
function cellOf(s: SeriesBase, c: ShiftCell): string[] {
  const table = s.tables[c.direction];
  const baselines = c.baseline === null ? SHIFT_CATEGORIES : [c.baseline];
  const worsts = c.worst === null ? SHIFT_CATEGORIES : [c.worst];
  return baselines.flatMap((b) => worsts.flatMap((w) => table[b][w]));
}

/**
 * The study's visit order over all its laboratory records (docs/clinical-rules.md, Visit order of a study), once per
 * cached entry: every test orders its visits by it, so two tests never disagree on where a visit falls.
 */
const labVisitOrder = (lab: CachedRows<MeasurementRow>): string[] =>
  derived("laboratory:visit-order", [lab], () => visitOrder(lab.rows));

/** Per-test bases kept per laboratory entry: a study's few dozen tests, each of a few tens of KB. */
const TESTS_KEPT = 64;

/** The part of a test's detail that does not depend on the request, once per cached entry, exposure, test, window. */
const testBase = (lab: CachedRows<MeasurementRow>, test: LabTest, ctx: DetailContext): TestBase =>
  // One per test of the data (a study may have hundreds): a family of its own (lib/study/derived.ts).
  derivedOf(
    "laboratory:test",
    `${test.key}|${ctx.windowDays}`,
    [lab, ctx.exposure],
    () => computeTestBase(lab, test, ctx),
    TESTS_KEPT,
  );

function computeTestBase(lab: CachedRows<MeasurementRow>, test: LabTest, ctx: DetailContext): TestBase {
  const rows = lab.rows;
  const order = labVisitOrder(lab);
  const subjects = new Set<string>();
  const visits = new Set<string | null>();
  const basis = new Map<string, BaselineBasis>();
  const series = test.series.map(({ unit, indexes }) => {
    for (const i of indexes) {
      const row = rows[i];
      if (row.subjectId !== null) subjects.add(row.subjectId);
      visits.add(row.visit);
    }
    const placement = placeResults(rows, indexes, ctx);
    for (const [subjectId, s] of placement.subjects) basis.set(subjectId, s.basis);
    const shifts = subjectShifts(rows, indexes, placement);
    const tables: { low: ShiftTable; high: ShiftTable } = {
      low: shiftTable(shifts, "low"),
      high: shiftTable(shifts, "high"),
    };
    return seriesBase(rows, { unit, indexes }, placement, tables, order);
  });
  const bases = { "first dose": 0, "named visit": 0, "first result": 0 };
  for (const b of basis.values()) bases[b]++;
  return { series, subjects: [...subjects].sort(), visits: [...visits], bases };
}
