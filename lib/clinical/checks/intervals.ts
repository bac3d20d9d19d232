/**
 * Intervals between a subject's consecutive assessments far longer than the study's usual one: a missed follow-up
 * (docs/clinical-rules.md, Data checks). The usual interval is judged per step of the schedule (baseline to the
 * first follow-up, first to second...), because schedules often lengthen later in a study (every 6 weeks, then
 * every 9): one median over the whole study would hide a missed 6-week scan behind the 9-week ones, or flag the
 * 9-week ones.
 */
import type { AssessmentResponse, SubjectAssessments } from "../response/assessment-response";
import { quantile } from "../vital-signs/stats";
import { type Finding, INTERVAL_FACTOR, INTERVAL_MARGIN_DAYS, MIN_INTERVALS } from "./finding";

export interface UsualInterval {
  /** The median interval in days. */
  days: number;
  /** How many intervals it is the median of. */
  of: number;
  /** The step it is the median of (k: from assessment k - 1 to k), or null for all the study's intervals. */
  step: number | null;
}

export interface UsualIntervals {
  /** By step k (index k): the step's median when at least MIN_INTERVALS subjects have that step, else the study's. */
  byStep: (UsualInterval | null)[];
  overall: UsualInterval | null;
}

/** The days from each assessment to the next, in order (the baseline first). */
const gaps = (list: readonly AssessmentResponse[]) => list.slice(1).map((a, i) => a.day - list[i].day);

const median = (values: number[], step: number | null): UsualInterval => ({
  days: quantile(
    values.sort((x, y) => x - y),
    0.5,
  ),
  of: values.length,
  step,
});

export function usualIntervals(subjects: readonly SubjectAssessments[]): UsualIntervals {
  const steps: number[][] = [];
  const all: number[] = [];
  for (const s of subjects)
    gaps(s.assessments).forEach((days, i) => {
      const list = steps[i + 1] ?? [];
      list.push(days);
      steps[i + 1] = list;
      all.push(days);
    });
  const overall = all.length >= MIN_INTERVALS ? median(all, null) : null;
  const byStep: (UsualInterval | null)[] = [null];
  for (let k = 1; k < steps.length; k++) byStep.push(steps[k].length >= MIN_INTERVALS ? median(steps[k], k) : overall);
  return { byStep, overall };
}

/** The number of days beyond which an interval is far longer than `usual`. */
export const longAbove = (usual: number) => Math.max(INTERVAL_FACTOR * usual, usual + INTERVAL_MARGIN_DAYS);

/** Step k in words: from the baseline or the (k - 1)-th follow-up to the k-th, counted in each subject's order. */
const stepName = (k: number) => `from ${k === 1 ? "baseline" : `follow-up ${k - 1}`} to follow-up ${k}`;

const round1 = (x: number) => Number(x.toFixed(1));

export function intervalFindings(subjectId: string, s: SubjectAssessments, usual: UsualIntervals): Finding[] {
  const out: Finding[] = [];
  gaps(s.assessments).forEach((days, i) => {
    const k = i + 1;
    const judge = usual.byStep[k] ?? usual.overall;
    if (judge === null || days <= longAbove(judge.days)) return;
    const [before, a] = [s.assessments[k - 1], s.assessments[k]];
    const of =
      judge.step === null
        ? `of all the study's ${judge.of} intervals`
        : `of the study's ${judge.of} intervals ${stepName(judge.step)}`;
    out.push({
      rule: "interval",
      subjectId,
      date: a.row.date,
      records: [
        { kind: "assessment", key: a.row.key },
        { kind: "assessment", key: before.row.key },
      ],
      found: `${days} days after ${before.row.name ?? before.row.key} (${before.row.date})`,
      expected: `usually ${judge.days} days (the median ${of}); far longer above ${round1(longAbove(judge.days))} days`,
    });
  });
  return out;
}
