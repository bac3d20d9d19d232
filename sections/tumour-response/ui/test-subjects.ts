/**
 * Subjects' responses for the plots' tests, written short: the values the plots read are given directly (best
 * percent, BORs, each assessment's day, changes and responses), not derived, so that each test states its own
 * expectations by hand. Test data only: no rule lives here.
 */
import type { AssessmentResponse } from "@/lib/clinical/response/assessment-response";
import type { BestResponse, TrackPoint } from "@/lib/clinical/response/best-response";
import type { NotEvaluable, SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { NonTargetResponse, Response, TargetResponse } from "@/lib/clinical/response/timepoint";

export interface Visit {
  day: number;
  date?: string;
  sum?: number | null;
  pct?: number | null;
  nadirPct?: number | null;
  overall?: Response | null;
  signed?: Response | null;
  target?: TargetResponse | null;
  nonTarget?: NonTargetResponse | null;
  newLesion?: boolean;
}

export interface Spec {
  id: string;
  baselineSum?: number | null;
  notEvaluable?: NotEvaluable | null;
  best?: number | null;
  signed?: Response;
  recomputed?: Response;
  /** Non-target disease only: no target at baseline (RECIST 1.1 Table 2). */
  nonTargetOnly?: boolean;
  /** The baseline's day since day 1 (0: day 1 is the baseline; -7: the first dose 7 days after it). */
  offset?: number;
  /** The baseline's date (day 0); the visits' dates follow from their days unless given. */
  start?: string;
  /** Follow-ups only; the baseline is added at day 0. */
  visits?: Visit[];
}

const dateAfter = (start: string, days: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function assessment(id: string, i: number, v: Visit, start: string): AssessmentResponse {
  return {
    row: { key: `${id}-A${i}`, subjectId: id, date: v.date ?? dateAfter(start, v.day) } as AssessmentResponse["row"],
    baseline: i === 0,
    day: v.day,
    sum: v.sum ?? null,
    percentFromBaseline: v.pct ?? null,
    percentFromNadir: v.nadirPct ?? null,
    overall: v.overall ?? null,
    signed: v.signed ?? null,
    target: v.target ?? null,
    nonTarget: v.nonTarget ?? null,
    newLesion: v.newLesion ?? false,
  } as AssessmentResponse;
}

function best(
  bor: Response,
  after: AssessmentResponse[],
  pick: (a: AssessmentResponse) => Response | null,
  offset: number,
) {
  const pd = after.find((a) => pick(a) === "PD");
  const first = after.find((a) => pick(a) === "CR" || pick(a) === "PR");
  const point = (a: AssessmentResponse): TrackPoint => ({ key: a.row.key, day: a.day + offset, response: pick(a) });
  return { bor, progression: pd ? point(pd) : null, firstResponse: first ? point(first) : null } as BestResponse;
}

export function subjectOf(spec: Spec): SubjectResponse {
  const start = spec.start ?? "2024-01-01";
  const hasBaseline = spec.notEvaluable !== "no baseline";
  const baselineSum = spec.nonTargetOnly ? null : spec.baselineSum === undefined ? 50 : spec.baselineSum;
  const visits = hasBaseline ? [{ day: 0, sum: baselineSum }, ...(spec.visits ?? [])] : [];
  const assessments = visits.map((v, i) => assessment(spec.id, i, v, start));
  const after = assessments.slice(1);
  const offset = spec.offset ?? 0;
  return {
    subjectId: spec.id,
    baseline: assessments[0] ?? null,
    assessments,
    beforeBaseline: [],
    undated: [],
    baselineSum: hasBaseline ? baselineSum : null,
    nonTargetOnly: spec.nonTargetOnly ?? false,
    notEvaluable: spec.notEvaluable ?? null,
    bestPercent: spec.best ?? null,
    bestPercentKey: null,
    signed: best(spec.signed ?? "NE", after, (a) => a.signed, offset),
    recomputed: best(spec.recomputed ?? "NE", after, (a) => a.overall, offset),
    progressionBy: [],
    dayOne: hasBaseline ? { date: dateAfter(start, -offset), from: offset === 0 ? "baseline" : "first-dose" } : null,
    offset,
    timeOnStudy: hasBaseline ? Math.max(0, (after.at(-1)?.day ?? 0) + offset) : null,
  };
}
