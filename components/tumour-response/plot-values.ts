/**
 * Values every tumour-response plot reads from a subject's response the same way: a percentage to one decimal,
 * the best overall response and the first progression as signed or as recomputed, and what made that
 * progression one (docs/clinical-rules.md, Tumour response plots).
 */
import type { AssessmentResponse } from "@/lib/clinical/response/assessment-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { BorSource } from "@/lib/study-views/response-query";

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

/** From at most −40 % to at least +30 %, so both reference lines show; widened to the tens around the values. */
export function percentDomain(values: readonly number[]): [number, number] {
  let lo = -40;
  let hi = 30;
  for (const v of values) {
    lo = Math.min(lo, Math.floor(v / 10) * 10);
    hi = Math.max(hi, Math.ceil(v / 10) * 10);
  }
  return [lo, hi];
}
