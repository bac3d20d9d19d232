/**
 * The study's response (docs/clinical-rules.md, Tumour response): best overall responses counted over N, objective
 * response rate (CR + PR) and disease control rate (CR + PR + SD + Non-CR/Non-PD) with exact 95 % intervals, as
 * signed and as recomputed, and who is left out and why. N is the evaluable subjects, or (intent to treat) those
 * and the subjects with disease at baseline but no assessment after it, each counted NE.
 */
import { percentOf } from "../common/percent";
import { complete, type Sliced } from "../common/sliced";
import type { ResponseOptions } from "./best-response";
import { clopperPearson, type Interval } from "./clopper-pearson";
import { DEFAULT_POPULATION, inPopulation, type Population } from "./population";
import type { ResponseRecords } from "./subject-records";
import {
  BASELINE_CLOCK,
  type NotEvaluable,
  type ResponseClock,
  type SubjectResponse,
  subjectResponse,
} from "./subject-response";
import { NON_CR_NON_PD, type Response } from "./timepoint";

export interface Rate {
  n: number;
  of: number;
  /** 100 n / N to one decimal; null when N is 0. */
  percent: number | null;
  /** Exact 95 % interval of the proportion n / N (0 to 1); null when N is 0. */
  interval: Interval | null;
}

export interface BorSummary {
  /** Subjects of N per best overall response. */
  counts: Record<Response, number>;
  orr: Rate;
  dcr: Rate;
}

export interface StudyResponse {
  population: Population;
  /** N: the subjects the population counts, the denominator of both rates. */
  n: number;
  /** The evaluable subjects, and the intent-to-treat N, whichever population is chosen. */
  evaluable: number;
  itt: number;
  /** Subjects not in N, with the reason they are not evaluable. */
  leftOut: { subjectId: string; reason: NotEvaluable }[];
  leftOutByReason: Map<NotEvaluable, number>;
  signed: BorSummary;
  recomputed: BorSummary;
  /** Subjects of N whose best overall response as signed differs from the recomputed one. */
  differ: string[];
}

/** Every subject's response, in subject ID order. */
export const subjectResponses = (records: ResponseRecords, options: ResponseOptions, clock?: ResponseClock) =>
  complete(subjectResponsesSliced(records, options, clock));

/** subjectResponses() in slices (../sliced.ts): a pause point after every subject. */
export function* subjectResponsesSliced(
  records: ResponseRecords,
  options: ResponseOptions,
  clock: ResponseClock = BASELINE_CLOCK,
): Sliced<SubjectResponse[]> {
  const ids = [...records.subjects.keys()].sort();
  const out: SubjectResponse[] = [];
  for (const id of ids) {
    out.push(subjectResponse(records.subjects.get(id)!, options, clock));
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

/** ORR counts CR and PR; DCR counts CR, PR, SD and Non-CR/Non-PD (disease control with non-target disease only). */
function summary(bors: readonly Response[]): BorSummary {
  const counts: Record<Response, number> = { CR: 0, PR: 0, SD: 0, [NON_CR_NON_PD]: 0, PD: 0, NE: 0 };
  for (const bor of bors) counts[bor]++;
  const n = bors.length;
  const control = counts.CR + counts.PR + counts.SD + counts[NON_CR_NON_PD];
  return { counts, orr: rate(counts.CR + counts.PR, n), dcr: rate(control, n) };
}

export function studyResponse(
  subjects: readonly SubjectResponse[],
  population: Population = DEFAULT_POPULATION,
): StudyResponse {
  const counted = subjects.filter((s) => inPopulation(s, population));
  const leftOut = subjects
    .filter((s) => !inPopulation(s, population))
    .map((s) => ({ subjectId: s.subjectId, reason: s.notEvaluable as NotEvaluable }));
  const leftOutByReason = new Map<NotEvaluable, number>();
  for (const { reason } of leftOut) leftOutByReason.set(reason, (leftOutByReason.get(reason) ?? 0) + 1);
  return {
    population,
    n: counted.length,
    evaluable: subjects.filter((s) => inPopulation(s, "evaluable")).length,
    itt: subjects.filter((s) => inPopulation(s, "itt")).length,
    leftOut,
    leftOutByReason,
    signed: summary(counted.map((s) => s.signed.bor)),
    recomputed: summary(counted.map((s) => s.recomputed.bor)),
    differ: counted.filter((s) => s.signed.bor !== s.recomputed.bor).map((s) => s.subjectId),
  };
}
