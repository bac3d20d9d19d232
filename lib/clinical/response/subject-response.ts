/**
 * One subject's response (docs/clinical-rules.md, Tumour response): baseline sum, evaluability, best percent
 * change, best overall response as signed and as recomputed, and the times of the response, counted from the
 * subject's day 1 (the baseline assessment, or the first dose of the study drug).
 */
import { daysBetween } from "../common/dates";
import { type DayOneAnchor, dayOne } from "../exposure/day-one";
import { type AssessmentResponse, type SubjectAssessments, subjectAssessments } from "./assessment-response";
import { type BestResponse, bestResponse, type ResponseOptions, type TrackPoint } from "./best-response";
import type { SubjectRecords } from "./subject-records";
import type { Response } from "./timepoint";

export type NotEvaluable =
  | "no baseline"
  | "no lesion at baseline"
  | "baseline sum unknown"
  | "baseline sum 0"
  | "no post-baseline assessment";

export type ProgressionBy = "target" | "non-target" | "new lesion";

/** The subject's day 1 of the response times: its date and the anchor that gave it (first dose falls back). */
export interface SubjectDayOne {
  date: string;
  from: DayOneAnchor;
}

/** Which day 1 the response times count from, and each subject's first dose of the study drug (when known). */
export interface ResponseClock {
  anchor: DayOneAnchor;
  firstDose: (subjectId: string) => string | null;
}

export const BASELINE_CLOCK: ResponseClock = { anchor: "baseline", firstDose: () => null };

export interface SubjectResponse extends SubjectAssessments {
  subjectId: string;
  baselineSum: number | null;
  /** A baseline without a target lesion and with a non-target one: RECIST 1.1 Table 2 decides its responses. */
  nonTargetOnly: boolean;
  /** Why the subject is left out of the study's rates; null when evaluable. */
  notEvaluable: NotEvaluable | null;
  /** The smallest percent change from baseline up to and including the first recomputed progression. */
  bestPercent: number | null;
  /** The assessment that gave it. */
  bestPercentKey: string | null;
  recomputed: BestResponse;
  signed: BestResponse;
  /** What made the first recomputed progression one (any of the three). */
  progressionBy: ProgressionBy[];
  /** Day 1 of the response times; null without a baseline. */
  dayOne: SubjectDayOne | null;
  /** The baseline's day since day 1 (0 when day 1 is the baseline; negative when the first dose came after it). */
  offset: number;
  /**
   * Days from day 1 to the last assessment, after progression included (0 when before day 1); null without a
   * baseline.
   */
  timeOnStudy: number | null;
}

/** An assessment's day since the subject's day 1 (the response times' and the plots' days). */
export const dayOfResponse = (s: Pick<SubjectResponse, "offset">, a: Pick<AssessmentResponse, "day">) =>
  a.day + s.offset;

export function subjectResponse(
  records: SubjectRecords,
  options: ResponseOptions,
  clock: ResponseClock = BASELINE_CLOCK,
): SubjectResponse {
  const assessed = subjectAssessments(records);
  const base = assessed.baseline;
  const one = base ? subjectDayOne(clock, records.subjectId, base.row.date as string) : null;
  const offset = one ? daysBetween(one.date, base?.row.date as string) : 0;
  const nonTargetOnly = base !== null && base.targets === 0 && base.nonTargets > 0;
  const after = assessed.assessments.slice(1);
  const track = (pick: (a: AssessmentResponse) => Response | null) =>
    after.map((a): TrackPoint => ({ key: a.row.key, day: a.day + offset, response: pick(a) }));
  const recomputed = bestResponse(
    track((a) => a.overall),
    options,
    nonTargetOnly,
  );
  const signed = bestResponse(
    track((a) => a.signed),
    options,
    nonTargetOnly,
  );
  const best = bestOf(after.slice(0, recomputed.counted));
  const pd = recomputed.progression ? after.find((a) => a.row.key === recomputed.progression?.key) : undefined;
  return {
    subjectId: records.subjectId,
    ...assessed,
    baselineSum: base?.sum ?? null,
    nonTargetOnly,
    notEvaluable: notEvaluable(assessed),
    bestPercent: best?.percentFromBaseline ?? null,
    bestPercentKey: best?.row.key ?? null,
    recomputed,
    signed,
    progressionBy: pd ? progressionCauses(pd) : [],
    dayOne: one,
    offset,
    timeOnStudy: base ? Math.max(0, (after.at(-1)?.day ?? 0) + offset) : null,
  };
}

/** Day 1 under the clock's anchor; a first dose that is no date falls back on the baseline, as a missing one does. */
function subjectDayOne(clock: ResponseClock, subjectId: string, baselineDate: string): SubjectDayOne | null {
  const firstDose = clock.anchor === "first-dose" ? clock.firstDose(subjectId) : null;
  const usable = firstDose !== null && !Number.isNaN(daysBetween(firstDose, baselineDate)) ? firstDose : null;
  return dayOne(clock.anchor, baselineDate, usable);
}

/**
 * The first reason that applies, in this order; null when the subject is evaluable: measurable disease (a known
 * baseline sum above 0), or non-target disease only (RECIST 1.1 Table 2), with an assessment after baseline.
 */
export function notEvaluable(s: SubjectAssessments): NotEvaluable | null {
  if (!s.baseline) return "no baseline";
  const { targets, nonTargets, sum } = s.baseline;
  if (targets === 0 && nonTargets === 0) return "no lesion at baseline";
  if (targets > 0 && sum === null) return "baseline sum unknown";
  if (targets > 0 && sum === 0) return "baseline sum 0";
  if (s.assessments.length < 2) return "no post-baseline assessment";
  return null;
}

/** The assessment with the smallest known percent change from baseline; the earlier one on a tie. */
function bestOf(list: readonly AssessmentResponse[]): AssessmentResponse | null {
  let best: AssessmentResponse | null = null;
  for (const a of list) {
    if (a.percentFromBaseline === null) continue;
    if (best === null || a.percentFromBaseline < (best.percentFromBaseline as number)) best = a;
  }
  return best;
}

function progressionCauses(a: AssessmentResponse): ProgressionBy[] {
  const causes: ProgressionBy[] = [];
  if (a.target === "PD") causes.push("target");
  if (a.nonTarget === "PD") causes.push("non-target");
  if (a.newLesion) causes.push("new lesion");
  return causes;
}
