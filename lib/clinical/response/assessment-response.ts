/**
 * One subject's assessments recomputed from their lesions (docs/clinical-rules.md, Tumour response): baseline,
 * target sum, changes from baseline, previous and nadir, the responses, with the reported values beside them.
 */

import { dayNumber } from "../common/dates";
import type { AssessmentRow } from "./assessments";
import type { LesionRow } from "./lesion-rows";
import { roundMm, targetSum } from "./lesion-rules";
import type { SubjectRecords } from "./subject-records";
import {
  type NonTargetResponse,
  nonTargetResponse,
  overallResponse,
  type Response,
  signedResponse,
  type TargetResponse,
  targetResponse,
} from "./timepoint";

export interface AssessmentResponse {
  /** The assessment as the partner sent it: reported sum, change texts, signed conclusion. */
  row: AssessmentRow;
  baseline: boolean;
  /** Days since the baseline's date (0 at baseline). */
  day: number;
  targets: number;
  nonTargets: number;
  newLesions: number;
  /** Labels of baseline targets and non-targets this assessment has no reading of. */
  missingTargets: string[];
  missingNonTargets: string[];
  /** Recomputed target sum in mm; null when unknown. */
  sum: number | null;
  /** The smallest known sum before this assessment, baseline included; null at baseline. */
  nadir: number | null;
  /** Recomputed changes in mm; previous is the last known sum before; null when either side is unknown. */
  changeFromBaseline: number | null;
  changeFromPrevious: number | null;
  changeFromNadir: number | null;
  /** 100 x change / reference; null when unknown or the reference is 0. */
  percentFromBaseline: number | null;
  percentFromNadir: number | null;
  /** Recomputed responses; null at baseline, which has none. Target "None": no target at baseline (Table 2). */
  target: TargetResponse | null;
  nonTarget: NonTargetResponse | null;
  newLesion: boolean;
  overall: Response | null;
  /** The signed conclusion as a response; null for `Undefined` or a text that is none of the responses. */
  signed: Response | null;
}

export interface SubjectAssessments {
  baseline: AssessmentResponse | null;
  /** The baseline, then every later assessment in date order. */
  assessments: AssessmentResponse[];
  /** Assessments dated before the baseline, and those without a readable date: not used. */
  beforeBaseline: AssessmentRow[];
  undated: AssessmentRow[];
}

/** A baseline is marked by timepoint 0, the name `Baseline`, or the conclusion `Undefined` (any case). */
export function isBaselineRow(a: AssessmentRow): boolean {
  return a.timepoint === 0 || /^baseline$/i.test(a.name ?? "") || /^undefined$/i.test(a.conclusion ?? "");
}

/** Date, then timepoint, then key: one order for the same records however they were sent. */
function byDate(a: AssessmentRow, b: AssessmentRow): number {
  const d = a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0;
  if (d !== 0) return d;
  const t = (a.timepoint ?? Number.MAX_SAFE_INTEGER) - (b.timepoint ?? Number.MAX_SAFE_INTEGER);
  return t !== 0 ? t : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

const change = (sum: number | null, ref: number | null) => (sum === null || ref === null ? null : roundMm(sum - ref));
const percent = (sum: number | null, ref: number | null) =>
  sum === null || ref === null || ref === 0 ? null : (100 * (sum - ref)) / ref;

/** An assessment's readings by category. */
interface Readings {
  targets: LesionRow[];
  nonTargets: LesionRow[];
  newLesions: number;
}

function byCategory(lesions: readonly LesionRow[]): Readings {
  const out: Readings = { targets: [], nonTargets: [], newLesions: 0 };
  for (const l of lesions) {
    if (l.category === "Target") out.targets.push(l);
    else if (l.category === "Non-target") out.nonTargets.push(l);
    else if (l.category === "New lesion") out.newLesions++;
  }
  return out;
}

/** Labels of the baseline's lesions that a follow-up has no reading of (in the same category). */
function missing(atBaseline: readonly LesionRow[], now: readonly LesionRow[]): string[] {
  const read = new Set(now.map((l) => l.label));
  const out: string[] = [];
  for (const l of atBaseline) if (l.label !== null && !read.has(l.label)) out.push(l.label);
  return out;
}

export function subjectAssessments(records: SubjectRecords): SubjectAssessments {
  const undated = records.assessments.filter((a) => a.date === null);
  const dated = records.assessments.filter((a) => a.date !== null).sort(byDate);
  const at = dated.findIndex(isBaselineRow);
  if (at < 0) return { baseline: null, assessments: [], beforeBaseline: dated, undated };
  const readings = (a: AssessmentRow) => byCategory(records.lesions.get(a.key) ?? []);
  const baseRow = dated[at];
  const base = readings(baseRow);
  const baseDay = dayNumber(baseRow.date as string);
  const baseline = counted(baseRow, base, 0, [], [], true);
  const out = [baseline];
  // The last known sum and the smallest one so far, baseline included; the last known overall response.
  let previous = baseline.sum;
  let nadir = baseline.sum;
  let lastKnown: Response | null = null;
  const targetDisease = base.targets.length > 0;
  for (const row of dated.slice(at + 1)) {
    const now = readings(row);
    const day = dayNumber(row.date as string) - baseDay;
    const a = counted(row, now, day, missing(base.targets, now.targets), missing(base.nonTargets, now.nonTargets));
    const before = { baseline: baseline.sum, previous, nadir, afterCr: lastKnown === "CR", targetDisease };
    const done = responded(a, now, before);
    out.push(done);
    if (done.overall !== null && done.overall !== "NE") lastKnown = done.overall;
    if (a.sum !== null) {
      previous = a.sum;
      nadir = nadir === null ? a.sum : Math.min(nadir, a.sum);
    }
  }
  return { baseline, assessments: out, beforeBaseline: dated.slice(0, at), undated };
}

/** What an assessment is by itself: its lesions counted and summed, its signed conclusion read. */
function counted(
  row: AssessmentRow,
  readings: Readings,
  day: number,
  missingTargets: string[],
  missingNonTargets: string[],
  baseline = false,
): AssessmentResponse {
  return {
    row,
    baseline,
    day,
    targets: readings.targets.length,
    nonTargets: readings.nonTargets.length,
    newLesions: readings.newLesions,
    missingTargets,
    missingNonTargets,
    sum: targetSum(readings.targets, missingTargets.length),
    nadir: null,
    changeFromBaseline: null,
    changeFromPrevious: null,
    changeFromNadir: null,
    percentFromBaseline: null,
    percentFromNadir: null,
    target: null,
    nonTarget: null,
    newLesion: false,
    overall: null,
    signed: signedResponse(row.conclusion),
  };
}

/**
 * What the assessments before one say: the known sums (the baseline's, the last known one, the smallest one),
 * whether the last known overall response was a complete response, and whether the baseline has a target.
 */
interface Before {
  baseline: number | null;
  previous: number | null;
  nadir: number | null;
  afterCr: boolean;
  targetDisease: boolean;
}

/**
 * A follow-up against the assessments before it: changes, nadir and the responses. Without a target at baseline
 * the target response is "None" (Table 2), also when a target appears later (a lesion the baseline does not have
 * in that category, which the data checks list).
 */
function responded(a: AssessmentResponse, readings: Readings, before: Before): AssessmentResponse {
  const { baseline, previous, nadir, afterCr } = before;
  const target: TargetResponse = before.targetDisease
    ? targetResponse({
        targets: readings.targets,
        missing: a.missingTargets.length,
        baselineSum: baseline,
        nadir,
        afterCr,
      })
    : "None";
  const nonTarget = nonTargetResponse(readings.nonTargets, a.missingNonTargets.length, afterCr);
  const newLesion = a.newLesions > 0;
  return {
    ...a,
    nadir,
    changeFromBaseline: change(a.sum, baseline),
    changeFromPrevious: change(a.sum, previous),
    changeFromNadir: change(a.sum, nadir),
    percentFromBaseline: percent(a.sum, baseline),
    percentFromNadir: percent(a.sum, nadir),
    target,
    nonTarget,
    newLesion,
    overall: overallResponse(target, nonTarget, newLesion),
  };
}

/**
 * Whether an assessment's signed conclusion is not its recomputed overall response: at a follow-up, a conclusion read
 * as none counting NE (docs/clinical-rules.md, The summary and a subject's response page); never at the baseline,
 * which has no response.
 */
export const signedDiffers = (a: Pick<AssessmentResponse, "baseline" | "signed" | "overall">): boolean =>
  !a.baseline && (a.signed ?? "NE") !== a.overall;

/** A reported change text (`+3 mm`, `-12.5 mm`, `0 mm`) as millimetres; null for `--` or anything else. */
export function reportedChangeMm(text: string | null): number | null {
  const m = /^([+-]?\d+(?:\.\d+)?)\s*mm$/i.exec(text?.trim() ?? "");
  return m ? Number(m[1]) : null;
}
