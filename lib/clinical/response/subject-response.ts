/**
 * One subject's response (docs/clinical-rules.md, Tumour response): baseline sum, evaluability, best percent
 * change, best overall response as signed and as recomputed, and the times of the response.
 */
import { type AssessmentResponse, type SubjectAssessments, subjectAssessments } from "./assessment-response";
import { type BestResponse, bestResponse, type ResponseOptions, type TrackPoint } from "./best-response";
import type { SubjectRecords } from "./subject-records";
import type { Response } from "./timepoint";

export type NotEvaluable =
  | "no baseline"
  | "no target lesion at baseline"
  | "baseline sum unknown"
  | "baseline sum 0"
  | "no post-baseline assessment";

export type ProgressionBy = "target" | "non-target" | "new lesion";

export interface SubjectResponse extends SubjectAssessments {
  subjectId: string;
  baselineSum: number | null;
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
  /** Days from baseline to the last assessment, after progression included; null without a baseline. */
  timeOnStudy: number | null;
}

const track = (list: readonly AssessmentResponse[], pick: (a: AssessmentResponse) => Response | null) =>
  list.map((a): TrackPoint => ({ key: a.row.key, day: a.day, response: pick(a) }));

export function subjectResponse(records: SubjectRecords, options: ResponseOptions): SubjectResponse {
  const assessed = subjectAssessments(records);
  const after = assessed.assessments.slice(1);
  const recomputed = bestResponse(
    track(after, (a) => a.overall),
    options,
  );
  const signed = bestResponse(
    track(after, (a) => a.signed),
    options,
  );
  const best = bestOf(after.slice(0, recomputed.counted));
  const pd = recomputed.progression ? after.find((a) => a.row.key === recomputed.progression?.key) : undefined;
  return {
    subjectId: records.subjectId,
    ...assessed,
    baselineSum: assessed.baseline?.sum ?? null,
    notEvaluable: notEvaluable(assessed),
    bestPercent: best?.percentFromBaseline ?? null,
    bestPercentKey: best?.row.key ?? null,
    recomputed,
    signed,
    progressionBy: pd ? progressionCauses(pd) : [],
    timeOnStudy: assessed.baseline ? (after.at(-1)?.day ?? 0) : null,
  };
}

/** The first reason that applies, in this order; null when the subject is evaluable. */
export function notEvaluable(s: SubjectAssessments): NotEvaluable | null {
  if (!s.baseline) return "no baseline";
  if (s.baseline.targets === 0) return "no target lesion at baseline";
  if (s.baseline.sum === null) return "baseline sum unknown";
  if (s.baseline.sum === 0) return "baseline sum 0";
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
