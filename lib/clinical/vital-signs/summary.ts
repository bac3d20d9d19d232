/**
 * A vital-sign group summarised by visit (docs/clinical-rules.md, Vital
 * signs): for numbers, n, mean, SD, median, quartiles, min and max per visit,
 * with the results below and above their own record's range; for text, how
 * many readings carry each text. The readings given are one per subject and
 * visit (./readings.ts), so every count is of subjects. Visits come in the
 * study's visit order (./visit-order), records without a visit last.
 */

import { tukeyWhiskers, type Whiskers } from "../common/box-plot";
import { visitRank } from "../common/visit-order";
import { resultFlag } from "../laboratory/reference-range";
import type { MeasurementRow } from "../measurements/rows";
import { decimalsOf, type NumberSummary, summarize } from "./stats";

export interface VisitNumbers {
  visit: string | null;
  summary: NumberSummary;
  /** Tukey's whiskers and outliers of the box plot (docs/clinical-rules.md, Box plots). */
  whiskers: Whiskers;
  /** Results whose own record has a range with bounds, and those below (L) or above (H) it. */
  withRange: number;
  low: number;
  high: number;
}

export interface NumberGroupSummary {
  /** The most decimals any value of the group was written with. */
  decimals: number;
  visits: VisitNumbers[];
}

export interface VisitTexts {
  visit: string | null;
  n: number;
  /** Records per text, in the order of `texts`. */
  counts: number[];
}

export interface TextGroupSummary {
  /** The distinct texts, in order of appearance; null: a record with no result at all. */
  texts: (string | null)[];
  visits: VisitTexts[];
}

/** Rows per visit, the visits in `order` (labels of ./visit-order) and the records without a visit last. */
export function byVisit<R extends { visit: string | null }>(
  rows: readonly R[],
  order: readonly string[],
): [string | null, R[]][] {
  const groups = new Map<string | null, R[]>();
  for (const r of rows) {
    const list = groups.get(r.visit);
    if (list) list.push(r);
    else groups.set(r.visit, [r]);
  }
  const rank = visitRank(order);
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** The numeric results of one group by visit; rows without a number are ignored. */
export function summarizeNumbers(rows: readonly MeasurementRow[], order: readonly string[]): NumberGroupSummary {
  let decimals = 0;
  // Each distinct value's decimals read once (writing a number as text is the costly part).
  const seen = new Set<number>();
  const visits: VisitNumbers[] = [];
  for (const [visit, list] of byVisit(rows, order)) {
    const values: number[] = [];
    let [withRange, low, high] = [0, 0, 0];
    for (const r of list) {
      if (r.value === null) continue;
      values.push(r.value);
      if (!seen.has(r.value)) {
        seen.add(r.value);
        decimals = Math.max(decimals, decimalsOf(r.value));
      }
      const flag = resultFlag(r.value, r.range);
      if (flag === null) continue;
      withRange++;
      if (flag === "L") low++;
      else if (flag === "H") high++;
    }
    const summary = summarize(values);
    if (!summary) continue;
    const whiskers = tukeyWhiskers(Float64Array.from(values).sort(), summary.q1, summary.q3);
    visits.push({ visit, summary, whiskers, withRange, low, high });
  }
  return { decimals, visits };
}

/** The text results of one group by visit: how many readings carry each text. */
export function countTexts(rows: readonly MeasurementRow[], order: readonly string[]): TextGroupSummary {
  const texts: (string | null)[] = [];
  const index = new Map<string | null, number>();
  for (const r of rows) if (!index.has(r.text)) index.set(r.text, texts.push(r.text) - 1);
  const visits = byVisit(rows, order).map(([visit, list]) => {
    const counts = texts.map(() => 0);
    for (const r of list) counts[index.get(r.text) as number]++;
    return { visit, n: list.length, counts };
  });
  return { texts, visits };
}
