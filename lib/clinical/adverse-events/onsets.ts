/**
 * The onsets of a subject's adverse events, for marking them on a trend's
 * time axis (docs/clinical-rules.md, Trends). Each event counts once by its
 * key; events without a start date cannot be placed and are counted.
 */

import { timeOf } from "../subjects/trend-series";
import type { AdverseEventRow, Grade } from "./rows";

export interface AeOnset {
  key: string;
  /** Milliseconds of the start date at midnight UTC, on the same axis as the trend's points. */
  t: number;
  start: string;
  term: string;
  grade: Grade | null;
}

export function aeOnsets(events: readonly AdverseEventRow[]): { onsets: AeOnset[]; withoutStart: number } {
  const seen = new Set<string>();
  const onsets: AeOnset[] = [];
  let withoutStart = 0;
  for (const e of events) {
    if (seen.has(e.key)) continue;
    seen.add(e.key);
    const t = timeOf(e.start);
    if (t === null || e.start === null) withoutStart++;
    else onsets.push({ key: e.key, t, start: e.start, term: e.term, grade: e.grade });
  }
  onsets.sort((a, b) => a.t - b.t);
  return { onsets, withoutStart };
}
