/**
 * The rows a reading system keeps for one case: the final readings of every
 * assessment plus the rows they superseded (an earlier assessment revision, or
 * a whole earlier case revision) and PI sign-off flags. Also where the
 * deliberate assessment imperfections are applied.
 */

import type { AssessmentImperfection, SubjectSpec } from "./generator-types";
import { type Changes, changesOf, lesionChanges, type Metrics, metricsSeries, references } from "./metrics";
import type { Rng } from "./prng";
import type { Reading } from "./recist-baseline";
import type { TumourCourse } from "./recist-course";

export interface RowPlan {
  k: number;
  caseRevision: number;
  assessmentRevision: number;
  signed: boolean;
  revisionTs: number;
  readings: Reading[];
  metrics: Metrics;
  lesionChanges: Changes[];
}

const DAY = 86400;
const round1 = (x: number) => Math.round(x * 10) / 10;

function rowsOf(series: Reading[][], caseRevision: number): RowPlan[] {
  const metrics = metricsSeries(series);
  return series.map((readings, k) => ({
    k,
    caseRevision,
    assessmentRevision: 1,
    signed: true,
    revisionTs: 0,
    readings,
    metrics: metrics[k],
    lesionChanges: readings.map((r) => lesionChanges(series, k, r)),
  }));
}

/** Bounds a re-measured value must keep: baseline lesions stay in their RECIST size class. */
function bounds(r: Reading, baseline: boolean): [number, number] {
  if (!baseline) return [5.1, Number.POSITIVE_INFINITY];
  if (r.def.category === "Non-target") return [10, 14.9];
  return [r.def.isNode ? 15 : 10, Number.POSITIVE_INFINITY];
}

/** A re-measurement: measured lesions move by a few mm. */
function remeasure(readings: Reading[], rng: Rng, all: boolean, baseline: boolean): Reading[] {
  const measured = readings
    .map((r, i) => (r.value !== null && (r.state === "Present" || r.state === "Defined") ? i : -1))
    .filter((i) => i >= 0);
  const chosen = all ? measured : measured.length ? [rng.pick(measured)] : [];
  return readings.map((r, i) => {
    if (!chosen.includes(i)) return { ...r };
    const [min, max] = bounds(r, baseline);
    const delta = (rng.chance(0.5) ? 1 : -1) * rng.range(all ? 0.5 : 1.5, all ? 3 : 5);
    return { ...r, value: round1(Math.min(max, Math.max(min, (r.value as number) + delta))) };
  });
}

/** The same assessment read differently, judged against the final history before it. */
function earlierRevision(series: Reading[][], k: number, rng: Rng, caseRevision: number): RowPlan {
  const variant = [...series.slice(0, k), remeasure(series[k], rng, false, k === 0)];
  return { ...rowsOf(variant, caseRevision)[k] };
}

function stamp(rows: RowPlan[], scanTs: number[], rng: Rng): void {
  for (const row of rows) row.revisionTs = scanTs[row.k] + DAY * rng.int(2, 9) + 60 * rng.int(0, 480);
}

function addAssessmentRevision(
  rows: RowPlan[],
  series: Reading[][],
  k: number,
  rng: Rng,
  signedLatest: boolean,
): RowPlan[] {
  const final = rows[k];
  const older = earlierRevision(series, k, rng, final.caseRevision);
  older.revisionTs = final.revisionTs;
  final.assessmentRevision = 2;
  final.revisionTs += DAY * rng.int(3, 40);
  final.signed = signedLatest;
  return [older];
}

/** A case re-opened after follow-up j: case revision 1 holds the original readings of 0..j. */
function addCaseRevision(rows: RowPlan[], series: Reading[][], scanTs: number[], rng: Rng): RowPlan[] {
  const j = rng.int(0, Math.max(0, series.length - 2));
  const original = rowsOf(
    series.slice(0, j + 1).map((rs, k) => remeasure(rs, rng, true, k === 0)),
    1,
  );
  stamp(original, scanTs, rng);
  const reopened = scanTs[j] + DAY * rng.int(10, 30);
  for (const row of rows) {
    row.caseRevision = 2;
    if (row.k <= j) row.revisionTs = reopened + DAY * rng.int(0, 3) + 60 * rng.int(0, 480);
  }
  return original;
}

export interface PlannedRows {
  rows: RowPlan[];
  imperfect: { kind: AssessmentImperfection; k: number }[];
}

function applyImperfection(
  rows: RowPlan[],
  spec: SubjectSpec,
  gapK: number | null,
  rng: Rng,
): PlannedRows["imperfect"] {
  const kind = spec.imperfection;
  if (kind === "gap") return gapK !== null ? [{ kind, k: gapK }] : [];
  if (kind === "conclusion") {
    const sd = rows.filter((r) => r.k > 0 && r.metrics.response === "SD");
    const base = rows[0].metrics.sum as number;
    const row = sd.find((r) => r.metrics.sum !== null && r.metrics.sum <= base * 0.85) ?? sd[0];
    if (!row) return [];
    row.metrics = { ...row.metrics, conclusion: "Partial Response" };
    return [{ kind, k: row.k }];
  }
  if (kind === "sum" && rows.length > 1) {
    const row = rows[rows.length - 1];
    if (row.metrics.sum === null) return [];
    const reported = round1(row.metrics.sum + (rng.chance(0.5) ? 1 : -1) * rng.range(1.5, 4));
    const ref = references(rows.slice(0, -1).map((r) => r.metrics.sum));
    row.metrics = { ...row.metrics, sum: reported, ...changesOf(reported, ref.baseline, ref.previous, ref.nadir) };
    return [{ kind, k: row.k }];
  }
  return [];
}

export function planAssessmentRows(
  course: TumourCourse,
  spec: SubjectSpec,
  scanTs: number[],
  gapK: number | null,
  rng: Rng,
): PlannedRows {
  const series = course.series;
  const rows = rowsOf(series, 1);
  stamp(rows, scanTs, rng);
  const imperfect = applyImperfection(rows, spec, gapK, rng);
  const extra: RowPlan[] = [];
  const last = rows.length - 1;
  if (spec.revision === "case") extra.push(...addCaseRevision(rows, series, scanTs, rng));
  if (spec.revision === "assessment")
    extra.push(...addAssessmentRevision(rows, series, rng.int(Math.min(1, last), last), rng, true));
  if (spec.revision === "unsigned-rerevision") extra.push(...addAssessmentRevision(rows, series, last, rng, false));
  if (spec.revision === "unsigned") rows[last].signed = false;
  const all = [...extra, ...rows];
  all.sort((a, b) => a.caseRevision - b.caseRevision || a.k - b.k || a.assessmentRevision - b.assessmentRevision);
  return { rows: all, imperfect };
}
