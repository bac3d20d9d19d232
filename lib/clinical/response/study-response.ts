/**
 * The study's response (docs/clinical-rules.md, Tumour response): best overall responses counted over the
 * evaluable subjects, objective response rate (CR + PR) and disease control rate (CR + PR + SD) with exact 95 %
 * intervals, as signed and as recomputed, and who is left out and why.
 */
import { percentOf } from "../common/percent";
import { complete, type Sliced } from "../common/sliced";
import type { ResponseOptions } from "./best-response";
import { clopperPearson, type Interval } from "./clopper-pearson";
import type { ResponseRecords } from "./subject-records";
import { type NotEvaluable, type SubjectResponse, subjectResponse } from "./subject-response";
import type { Response } from "./timepoint";

export interface Rate {
  n: number;
  of: number;
  /** 100 n / N to one decimal; null when N is 0. */
  percent: number | null;
  /** Exact 95 % interval of the proportion n / N (0 to 1); null when N is 0. */
  interval: Interval | null;
}

export interface BorSummary {
  /** Evaluable subjects per best overall response. */
  counts: Record<Response, number>;
  orr: Rate;
  dcr: Rate;
}

export interface StudyResponse {
  /** N: the evaluable subjects, the denominator of both rates. */
  evaluable: number;
  leftOut: { subjectId: string; reason: NotEvaluable }[];
  leftOutByReason: Map<NotEvaluable, number>;
  signed: BorSummary;
  recomputed: BorSummary;
  /** Evaluable subjects whose best overall response as signed differs from the recomputed one. */
  differ: string[];
}

/** Every subject's response, in subject ID order. */
export const subjectResponses = (records: ResponseRecords, options: ResponseOptions): SubjectResponse[] =>
  complete(subjectResponsesSliced(records, options));

/** subjectResponses() in slices (../sliced.ts): a pause point after every subject. */
export function* subjectResponsesSliced(records: ResponseRecords, options: ResponseOptions): Sliced<SubjectResponse[]> {
  const ids = [...records.subjects.keys()].sort();
  const out: SubjectResponse[] = [];
  for (const id of ids) {
    out.push(subjectResponse(records.subjects.get(id)!, options));
    yield;
  }
  return out;
}

const rate = (n: number, of: number): Rate => ({
  n,
  of,
  percent: percentOf(n, of),
  interval: clopperPearson(n, of),
});

function summary(bors: readonly Response[]): BorSummary {
  const counts: Record<Response, number> = { CR: 0, PR: 0, SD: 0, PD: 0, NE: 0 };
  for (const bor of bors) counts[bor]++;
  const n = bors.length;
  return { counts, orr: rate(counts.CR + counts.PR, n), dcr: rate(counts.CR + counts.PR + counts.SD, n) };
}

export function studyResponse(subjects: readonly SubjectResponse[]): StudyResponse {
  const evaluable = subjects.filter((s) => s.notEvaluable === null);
  const leftOut = subjects
    .filter((s) => s.notEvaluable !== null)
    .map((s) => ({ subjectId: s.subjectId, reason: s.notEvaluable as NotEvaluable }));
  const leftOutByReason = new Map<NotEvaluable, number>();
  for (const { reason } of leftOut) leftOutByReason.set(reason, (leftOutByReason.get(reason) ?? 0) + 1);
  return {
    evaluable: evaluable.length,
    leftOut,
    leftOutByReason,
    signed: summary(evaluable.map((s) => s.signed.bor)),
    recomputed: summary(evaluable.map((s) => s.recomputed.bor)),
    differ: evaluable.filter((s) => s.signed.bor !== s.recomputed.bor).map((s) => s.subjectId),
  };
}
