/**
 * Each subject's baseline result of a series (a test in one unit) and the part every other result plays in the
 * shift tables (docs/clinical-rules.md, Baseline and the on-treatment window). Only numeric results with a subject
 * take part.
 *
 * - A subject with a known first dose of the study drug: the baseline is its last result collected on or before the
 *   day of the first dose. Without dosing times, a result of the first dose's day counts as before the dose,
 *   whatever its time of day (the usual convention). The results dated after that day count towards the worst value
 *   while on treatment (lib/clinical/exposure/on-treatment.ts: up to the last dose plus the window's days, open
 *   while the subject is on drug); those dated later are after the window and do not count. Undated results take no
 *   part: nothing places them against the dose.
 * - A subject without a known first dose falls back on the study's visit-name rule (./shift.ts, baselineRule): its
 *   last result at a visit named Screening or Baseline (an undated one counts as the earliest), every result at
 *   another visit after baseline; or, in a study without such visits, its first dated result, the results dated
 *   after it after baseline. There is no last dose to end a window: every result after baseline counts.
 */
import { dayNumber } from "../common/dates";
import { onTreatment, type TreatmentWindow } from "../exposure/on-treatment";
import type { MeasurementRow } from "../measurements/rows";
import { collectedKey } from "./series";

/** How a study without a known first dose finds baselines: by a Screening or Baseline visit, or the first result. */
export type BaselineRule = "named visit" | "first result";
/** How one subject's baseline was found. */
export type BaselineBasis = "first dose" | BaselineRule;

/** The part a result plays; `none`: a text result, one without a subject, or an undated one where dates decide. */
export const PHASES = ["none", "before", "baseline", "after", "late"] as const;
export type ResultPhase = (typeof PHASES)[number];
// Positions in PHASES; "none" is 0, what a result left unplaced keeps.
const [BEFORE, BASELINE, AFTER, LATE] = [1, 2, 3, 4];

export type PlacedRow = Pick<MeasurementRow, "subjectId" | "visit" | "collectedAt" | "value" | "range">;

export interface BaselineContext {
  /** The study's rule for subjects without a known first dose. */
  rule: BaselineRule;
  /** The study drug's exposure per subject (lib/clinical/exposure/exposure.ts). */
  exposure: ReadonlyMap<string, TreatmentWindow>;
  /** Days after the last dose that still count (lib/clinical/exposure/on-treatment.ts). */
  windowDays: number;
}

export interface SubjectBaseline {
  basis: BaselineBasis;
  /** The position of the baseline result in the series' indexes; null: none. */
  baseline: number | null;
}

export interface Placement {
  /** Per result of the series, in the order of its indexes: its part (an index into PHASES). */
  phases: Uint8Array;
  /** Per subject with a numeric result, in order of the subjects' first result. */
  subjects: Map<string, SubjectBaseline>;
}

const BASELINE_VISIT = /\b(screening|baseline)\b/i;
export const isBaselineVisit = (visit: string | null) => visit !== null && BASELINE_VISIT.test(visit);

/** The part of the result at position `k` of the series. */
export const phaseAt = (p: Placement, k: number): ResultPhase => PHASES[p.phases[k]];

/** Places the results of a series (`indexes` into `rows`). */
export function placeResults(rows: readonly PlacedRow[], indexes: ArrayLike<number>, ctx: BaselineContext): Placement {
  const bySubject = new Map<string, number[]>();
  for (let k = 0; k < indexes.length; k++) {
    const row = rows[indexes[k]];
    if (row.subjectId === null || row.value === null) continue;
    const list = bySubject.get(row.subjectId);
    if (list) list.push(k);
    else bySubject.set(row.subjectId, [k]);
  }
  const phases = new Uint8Array(indexes.length);
  const subjects = new Map<string, SubjectBaseline>();
  const at = (k: number) => rows[indexes[k]];
  for (const [subjectId, ks] of bySubject) {
    const exposure = ctx.exposure.get(subjectId);
    if (exposure?.firstDose) subjects.set(subjectId, byFirstDose(at, ks, phases, exposure, ctx.windowDays));
    else if (ctx.rule === "named visit") subjects.set(subjectId, byNamedVisit(at, ks, phases));
    else subjects.set(subjectId, byFirstResult(at, ks, phases));
  }
  return { phases, subjects };
}

type At = (k: number) => PlacedRow;

/** Whether `a` was collected at or after `than`: an undated result is the earliest; of equal times the later wins. */
const isLater = (a: PlacedRow, than: PlacedRow) => {
  const [x, y] = [collectedKey(a), collectedKey(than)];
  return y === null || (x !== null && x >= y);
};

/** Makes `k` the baseline when it is later than the one so far; the one it replaces (or `k`) is before it. */
function candidate(at: At, k: number, baseline: number | null, phases: Uint8Array): number {
  if (baseline !== null && !isLater(at(k), at(baseline))) {
    phases[k] = BEFORE;
    return baseline;
  }
  if (baseline !== null) phases[baseline] = BEFORE;
  phases[k] = BASELINE;
  return k;
}

function byFirstDose(
  at: At,
  ks: number[],
  phases: Uint8Array,
  exposure: TreatmentWindow,
  windowDays: number,
): SubjectBaseline {
  const firstDay = dayNumber(exposure.firstDose as string);
  let baseline: number | null = null;
  for (const k of ks) {
    const when = collectedKey(at(k));
    if (when === null) continue;
    if (dayNumber(when) <= firstDay) baseline = candidate(at, k, baseline, phases);
    else phases[k] = onTreatment(when, exposure, windowDays) ? AFTER : LATE;
  }
  return { basis: "first dose", baseline };
}

function byNamedVisit(at: At, ks: number[], phases: Uint8Array): SubjectBaseline {
  let baseline: number | null = null;
  for (const k of ks) {
    if (isBaselineVisit(at(k).visit)) baseline = candidate(at, k, baseline, phases);
    else phases[k] = AFTER;
  }
  return { basis: "named visit", baseline };
}

function byFirstResult(at: At, ks: number[], phases: Uint8Array): SubjectBaseline {
  let baseline: number | null = null;
  for (const k of ks) {
    const when = collectedKey(at(k));
    if (when !== null && (baseline === null || when < (collectedKey(at(baseline)) as string))) baseline = k;
  }
  const from = baseline === null ? null : (collectedKey(at(baseline)) as string);
  for (const k of ks) {
    const when = collectedKey(at(k));
    if (k === baseline) phases[k] = BASELINE;
    else if (when !== null && from !== null) phases[k] = when > from ? AFTER : BEFORE;
  }
  return { basis: "first result", baseline };
}

/** The study's rule for subjects without a known first dose: any result at a Screening or Baseline visit. */
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
