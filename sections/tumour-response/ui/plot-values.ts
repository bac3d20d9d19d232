/**
 * Values every tumour-response plot reads from a subject's response the same way: a percentage to one decimal,
 * the best overall response and the first progression as signed or as recomputed, and what made that
 * progression one (docs/clinical-rules.md, Tumour response plots).
 */
import type { AssessmentResponse } from "@/lib/clinical/response/assessment-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { BorSource } from "../query";

/**
 * To one decimal, a half up (toward +∞: −12.25 is −12.2): first to a millionth, so that binary noise
 * (−12.249999… for what the sums make −12.25) does not decide the side.
 */
export function oneDecimal(x: number): number {
  const tenths = Math.round(Number((x * 10).toFixed(6)));
  return tenths === 0 ? 0 : tenths / 10;
}

export const borOf = (s: SubjectResponse, source: BorSource): Response => s[source].bor;

/** The assessment of the subject's first progression, as signed or as recomputed; null without one. */
export function progressionOf(s: SubjectResponse, source: BorSource): AssessmentResponse | null {
  const key = s[source].progression?.key;
  return key === undefined ? null : (s.assessments.find((a) => a.row.key === key) ?? null);
}

/** What the lesions show at that progression: target, non-target progression, new lesion (any of them). */
export function progressionCauses(a: AssessmentResponse | null): string[] {
  if (!a) return [];
  const causes: string[] = [];
  if (a.target === "PD") causes.push("target");
  if (a.nonTarget === "PD") causes.push("non-target");
  if (a.newLesion) causes.push("new lesion");
  return causes;
}

/** Marked in the waterfall: a progression by a new lesion or non-target progression (not by the sum alone). */
export const progressedOtherwise = (causes: readonly string[]) =>
  causes.includes("new lesion") || causes.includes("non-target");

/** The response an assessment shows in the plots: signed or recomputed; none readable counts NE, as in the BOR. */
export const responseAt = (a: AssessmentResponse, source: BorSource): Response =>
  (source === "signed" ? a.signed : a.overall) ?? "NE";

/**
 * From at most −40 % to at least +30 %, so both reference lines show, and ten more beyond the values' tens on
 * either side, so that the letters and markers at a bar's or line's end stay inside the plot.
 */
export function percentDomain(values: readonly number[]): [number, number] {
  let lo = -40;
  let hi = 30;
  for (const v of values) {
    lo = Math.min(lo, Math.floor(v / 10) * 10 - 10);
    hi = Math.max(hi, Math.ceil(v / 10) * 10 + 10);
  }
  return [lo, hi];
}

/** Ticks every 10, 20, 50 or 100 %, the first that makes at most 10 steps over the range (else wider); through 0. */
export function percentTicks([lo, hi]: [number, number]): number[] {
  const step = [10, 20, 50, 100].find((st) => (hi - lo) / st <= 10) ?? Math.ceil((hi - lo) / 1000) * 100;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t === 0 ? 0 : t);
  return ticks;
}

/**
 * A days axis (days since day 1) from 0, or from before 0 when `first` is negative (assessments before the first
 * dose), past `last`: ticks every 6 weeks (42 days, the usual interval between assessments), or 12, 24 or 48 weeks,
 * the first that makes at most 12 steps over the span (else wider); through 0.
 */
export function dayAxis(last: number, first = 0): { start: number; end: number; ticks: number[] } {
  const lo = Math.min(0, first);
  const span = last - lo;
  const step = [42, 84, 168, 336].find((st) => span / st <= 12) ?? Math.ceil(span / 12 / 336) * 336;
  const start = lo < 0 ? Math.floor(lo / step) * step : 0;
  const end = Math.max(step, Math.ceil(last / step) * step);
  return { start, end, ticks: Array.from({ length: (end - start) / step + 1 }, (_, i) => start + i * step) };
}
