/**
 * Each response assessment of a subject against the response the portal recomputes at it (docs/clinical-rules.md,
 * The timeline; Each assessment recomputed), for the timeline's markers, tooltips and data table. The recomputation
 * is the Tumour response section's own (the subject's response that ProfileParts gives, ./load.ts), made once per
 * cache entry: RECIST 1.1 is not stated a second time here.
 */
import { type SubjectAssessments, signedDiffers } from "@/lib/clinical/response/assessment-response";
import { RESPONSE_LABEL, type Response } from "@/lib/clinical/response/timepoint";
import { responseOf } from "./ui/timeline-style";

/** Why an assessment has no recomputed response. */
export type NotRecomputed = "the baseline" | "dated before the baseline" | "the subject has no baseline";

/** A follow-up's recomputed response and whether the signed conclusion differs from it; or why there is none. */
export type AssessmentCheck = { recomputed: Response; differs: boolean } | { recomputed: null; why: NotRecomputed };

/** Each dated assessment's check, by its key (one without a readable date is on no timeline, nor here). */
export function assessmentChecks(s: SubjectAssessments): ReadonlyMap<string, AssessmentCheck> {
  const checks = new Map<string, AssessmentCheck>();
  const before: NotRecomputed = s.baseline ? "dated before the baseline" : "the subject has no baseline";
  for (const row of s.beforeBaseline) checks.set(row.key, { recomputed: null, why: before });
  for (const a of s.assessments)
    checks.set(
      a.row.key,
      a.overall === null
        ? { recomputed: null, why: "the baseline" }
        : { recomputed: a.overall, differs: signedDiffers(a) },
    );
  return checks;
}

const noneWords = (why: NotRecomputed) =>
  why === "the baseline" ? "none: the baseline has no response" : `not recomputed: ${why}`;

/** The timeline data table's words: `= same`, `≠ recomputed: Stable Disease`, or why nothing was recomputed. */
export function checkWords(c: AssessmentCheck): string {
  if (c.recomputed === null) return noneWords(c.why);
  return c.differs ? `≠ recomputed: ${RESPONSE_LABEL[c.recomputed]}` : "= same";
}

/** The tooltip's words for "Recomputed (RECIST 1.1)": the response, and whether the signed conclusion differs. */
export function recomputedWords(c: AssessmentCheck): string {
  if (c.recomputed === null) return noneWords(c.why);
  const label = RESPONSE_LABEL[c.recomputed];
  return c.differs ? `${label} (≠ differs from the conclusion as signed)` : `${label} (= same as signed)`;
}

/**
 * The marker's label: the signed conclusion's code, and where it differs, `≠` and the recomputed response's code
 * (`PR≠SD`), so that the difference reads without colour.
 */
export function markerLabel(conclusion: string | null, c: AssessmentCheck | undefined): string {
  const signed = responseOf(conclusion).code;
  if (c?.recomputed == null || !c.differs) return signed;
  return `${signed}≠${responseOf(RESPONSE_LABEL[c.recomputed]).code}`;
}
