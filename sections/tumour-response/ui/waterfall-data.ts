/**
 * What the waterfall plots, made on the server (docs/clinical-rules.md, Tumour response plots): one bar per
 * evaluable subject with a known best percent change (a subject with non-target disease only has no target sum, so
 * no bar: it is counted and named), largest increase first, coloured by the best overall
 * response as signed or as recomputed, marked when the progression came from a new lesion or non-target
 * progression; the y axis's range; and the data table's rows, one per subject, evaluable or not.
 */

import { BOR_MEANING } from "@/components/data-table/abbreviations";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { plotHref, responsePageAround, responsePageHref } from "../addresses";
import { MAX_SPIDER_SUBJECTS, type ResponseQuery } from "../query";
import { borOf, oneDecimal, percentDomain, progressedOtherwise, progressionCauses, progressionOf } from "./plot-values";
import { RESPONSES } from "./response-look";

export const WATERFALL_ID = "waterfall";
export const waterfallTitle = (borName: string) =>
  `Waterfall: best change from baseline in the target sum, one bar per subject, coloured by BOR ${borName}`;

export interface WaterfallBar {
  subjectId: string;
  /** Best percent change from baseline, to one decimal: the bar's height. */
  percent: number;
  bor: Response;
  signed: Response;
  recomputed: Response;
  baselineSum: number;
  /** What made the progression (of the chosen BOR) one, in words; "" without progression. */
  progressionBy: string;
  /** Progressed by a new lesion or non-target progression: the bar is hatched and marked. */
  marked: boolean;
}

export interface WaterfallData {
  bars: WaterfallBar[];
  /** Evaluable subjects without a best percent change (no known sum up to progression): no bar, listed. */
  unknown: { subjectId: string; href: string }[];
  /** Evaluable subjects with non-target disease only (RECIST 1.1 Table 2): no target sum, no bar, listed. */
  nonTargetOnly: { subjectId: string; href: string }[];
  notEvaluable: number;
  domain: [number, number];
  /** The data table's rows: each holds its subject's part of the address of its response page. */
  rows: DataRow[];
  /** The rest of that address, around a subject's part: the rows' links and what a click on a bar opens. */
  subjectAround: readonly [string, string];
}

/** The waterfall's CSV columns, exactly these (docs/exports.md). */
export const WATERFALL_COLUMNS: DataColumn[] = [
  { id: "subject", header: "Subject ID", href: "subject__href", nowrap: true },
  { id: "baseline", header: "Baseline sum (mm)", type: "number" },
  { id: "best", header: "Best % change", type: "number" },
  { id: "signed", header: "BOR as signed", description: BOR_MEANING },
  { id: "recomputed", header: "BOR as recomputed", description: BOR_MEANING },
  { id: "evaluable", header: "Evaluable or the reason not" },
];

export const UNKNOWN_BEST = "Evaluable; no bar: no known target sum up to progression";
export const NON_TARGET_BEST = "Evaluable; no bar: non-target disease only (no target sum)";

export function waterfallData(subjects: readonly SubjectResponse[], studyHref: string, q: ResponseQuery) {
  const bars: WaterfallBar[] = [];
  const unknown: WaterfallData["unknown"] = [];
  const nonTargetOnly: WaterfallData["nonTargetOnly"] = [];
  const rows: DataRow[] = [];
  for (const s of subjects) {
    const evaluable = s.notEvaluable === null;
    const best = evaluable && s.bestPercent !== null ? oneDecimal(s.bestPercent) : null;
    rows.push(tableRow(s, best));
    if (!evaluable) continue;
    const listed = { subjectId: s.subjectId, href: responsePageHref(studyHref, q, s.subjectId) };
    if (best !== null) bars.push(barOf(s, best, q));
    else (s.nonTargetOnly ? nonTargetOnly : unknown).push(listed);
  }
  bars.sort(byDescent);
  sortAsBars(rows, bars);
  const notEvaluable = subjects.length - bars.length - unknown.length - nonTargetOnly.length;
  return {
    bars,
    unknown,
    nonTargetOnly,
    notEvaluable,
    domain: percentDomain(bars.map((b) => b.percent)),
    rows,
    subjectAround: responsePageAround(studyHref, q),
  } satisfies WaterfallData;
}

/** A subject's row of the data table, evaluable or not; `best` is null when the subject has no bar. */
function tableRow(s: SubjectResponse, best: number | null): DataRow {
  const evaluable = s.notEvaluable === null;
  return {
    subject: s.subjectId,
    subject__href: encodeURIComponent(s.subjectId),
    baseline: s.baselineSum,
    best,
    // A BOR is given for the subjects the study's rates count, as the summary does.
    signed: evaluable ? s.signed.bor : null,
    recomputed: evaluable ? s.recomputed.bor : null,
    evaluable: evaluable ? evaluableText(s, best) : `Not evaluable: ${s.notEvaluable}`,
  };
}

const evaluableText = (s: SubjectResponse, best: number | null) =>
  best !== null ? "Evaluable" : s.nonTargetOnly ? NON_TARGET_BEST : UNKNOWN_BEST;

/** An evaluable subject's bar, `best` its best percent change to one decimal. */
function barOf(s: SubjectResponse, best: number, q: ResponseQuery): WaterfallBar {
  const causes = progressionCauses(progressionOf(s, q.bor));
  return {
    subjectId: s.subjectId,
    percent: best,
    bor: borOf(s, q.bor),
    signed: s.signed.bor,
    recomputed: s.recomputed.bor,
    baselineSum: s.baselineSum as number,
    progressionBy: causes.join(", "),
    marked: progressedOtherwise(causes),
  };
}

/** The table's rows in the bars' order, the subjects without a bar after them by subject ID. */
function sortAsBars(rows: DataRow[], bars: readonly WaterfallBar[]) {
  const order = new Map(bars.map((b, i) => [b.subjectId, i]));
  const rank = (r: DataRow) => order.get(r.subject as string) ?? bars.length;
  rows.sort((a, b) => rank(a) - rank(b) || compareText(a.subject as string, b.subject as string));
}

/** Largest increase first, largest decrease last; subject ID on a tie. */
const byDescent = (a: WaterfallBar, b: WaterfallBar) => b.percent - a.percent || compareText(a.subjectId, b.subjectId);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Per best overall response drawn, a link to the spider plot of its subjects (the first 50, in the bars' order). */
export function spiderGroups(bars: readonly WaterfallBar[], studyHref: string, q: ResponseQuery) {
  return RESPONSES.flatMap((bor) => {
    const ids = bars.filter((b) => b.bor === bor).map((b) => b.subjectId);
    if (ids.length === 0) return [];
    const chosen = ids.slice(0, MAX_SPIDER_SUBJECTS);
    return [
      {
        bor,
        n: ids.length,
        shown: chosen.length,
        href: plotHref(studyHref, "spider", q, { subjects: chosen.join(",") }),
      },
    ];
  });
}
