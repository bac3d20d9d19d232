/**
 * The pattern of liver injury of a subject by the R ratio (docs/clinical-rules.md, Pattern of injury by the R
 * ratio): R = (ALT / ULN) / (ALP / ULN), both from the same blood sample, as the DILI expert working group defines
 * it (Aithal et al., Clin Pharmacol Ther 2011;89:806-815). Here the sample is that of the subject's peak ALT (of
 * the results the page uses): the ALP collected at the same time as it, else on the same day. R >= 5 is
 * hepatocellular, R <= 2 cholestatic, in between mixed.
 */
import { type LiverPeak, type LiverResult, roundTimesUln } from "./peaks";

export const INJURY_PATTERNS = ["hepatocellular", "mixed", "cholestatic"] as const;
export type InjuryPattern = (typeof INJURY_PATTERNS)[number];

export const INJURY_PATTERN_LABEL: Record<InjuryPattern, string> = {
  hepatocellular: "Hepatocellular",
  mixed: "Mixed",
  cholestatic: "Cholestatic",
};

/** Bounds of the patterns: R at or above 5 is hepatocellular, at or below 2 cholestatic. */
export const R_BOUNDS = { cholestatic: 2, hepatocellular: 5 } as const;

/** The pattern of an R (rounded to a thousandth, as rRatio gives it, so that float noise does not decide). */
export function injuryPattern(r: number): InjuryPattern {
  if (r >= R_BOUNDS.hepatocellular) return "hepatocellular";
  if (r <= R_BOUNDS.cholestatic) return "cholestatic";
  return "mixed";
}

/** Why a subject has no R: no ALT peak, an ALT peak without a date, or no usable ALP of that day. */
export type NoRatio = "no-alt" | "alt-undated" | "no-alp";

export type RRatio =
  | { r: number; pattern: InjuryPattern; alt: LiverPeak; alp: LiverPeak }
  | { r: null; reason: NoRatio; alt: LiverPeak | null };

/** Usable ALP results of a subject by collection day (`YYYY-MM-DD`), in the order sent. */
export function alpByDay(alp: readonly LiverResult[]): Map<string, Map<string, LiverResult[]>> {
  const out = new Map<string, Map<string, LiverResult[]>>();
  for (const r of alp) {
    if (r.date === null) continue;
    let days = out.get(r.subjectId);
    if (!days) {
      days = new Map();
      out.set(r.subjectId, days);
    }
    const list = days.get(r.date);
    if (list) list.push(r);
    else days.set(r.date, [r]);
  }
  return out;
}

/**
 * The R of a subject at its ALT peak: the ALP of the peak's own sample (the same collection time), else the day's
 * first collected (the first sent of equal times).
 */
export function rRatio(
  alt: LiverPeak | undefined,
  alpOfDay: (date: string) => readonly LiverResult[] | undefined,
): RRatio {
  if (!alt) return { r: null, reason: "no-alt", alt: null };
  if (alt.date === null) return { r: null, reason: "alt-undated", alt };
  const day = alpOfDay(alt.date) ?? [];
  const alp = day.find((a) => a.collectedAt === alt.collectedAt) ?? earliest(day);
  if (!alp) return { r: null, reason: "no-alp", alt };
  const r = roundTimesUln(alt.ratio / alp.ratio);
  return { r, pattern: injuryPattern(r), alt, alp };
}

function earliest(day: readonly LiverResult[]): LiverResult | undefined {
  let first: LiverResult | undefined;
  for (const a of day) if (!first || (a.collectedAt ?? "") < (first.collectedAt ?? "")) first = a;
  return first;
}
