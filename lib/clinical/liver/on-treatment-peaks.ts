/**
 * Which results the peaks are taken from (docs/clinical-rules.md, Which results the peaks use): by default those
 * on treatment, dated after the day of the first dose of the study drug up to the last dose plus N days
 * (../exposure/on-treatment.ts), so that a subject's peak is one the drug may have caused; or all results, at any
 * time in the study. A result of the first dose's day is the pre-dose baseline (the partner sends no dosing times;
 * ./baseline.ts, and the laboratory section's Baseline and the on-treatment window), never an on-treatment peak. The
 * results left out are counted by reason, and the subjects who lose every peak by why, never dropped silently.
 */
import { dayNumber } from "../common/dates";
import { onTreatment, type TreatmentWindow } from "../exposure/on-treatment";
import { type LiverPeaks, type LiverResults, peaksOf } from "./peaks";

export const PEAK_SOURCES = ["on-treatment", "all"] as const;
/** The results the peaks are taken from. */
export type PeakSource = (typeof PEAK_SOURCES)[number];
export const DEFAULT_PEAK_SOURCE: PeakSource = "on-treatment";

/** Where a result falls against its subject's on-treatment window; `before`: on or before the first dose's day. */
export type TreatmentPlace = "on" | "no-first-dose" | "undated" | "before" | "after";

/** Why a usable result is not on treatment: its subject has no known first dose, it has no date, or its date. */
export type OffTreatment = Exclude<TreatmentPlace, "on">;

/** A result's place: on treatment, else why not (the subject's missing first dose first, then its own date). */
export function treatmentPlace(
  date: string | null,
  exposure: TreatmentWindow | undefined,
  windowDays: number,
): TreatmentPlace {
  if (!exposure?.firstDose) return "no-first-dose";
  if (date === null || Number.isNaN(dayNumber(date))) return "undated";
  // The first dose's day is the baseline's: on treatment from the day after it.
  if (dayNumber(date) <= dayNumber(exposure.firstDose)) return "before";
  return onTreatment(date, exposure, windowDays) ? "on" : "after";
}

export interface OnTreatmentPeaks {
  peaks: LiverPeaks;
  /** Usable ALT, AST and bilirubin results left out, by why. */
  outside: Record<OffTreatment, number>;
  /** Subjects with usable liver results and no known first dose: no on-treatment peak at all. */
  noFirstDose: Set<string>;
  /** Subjects with a known first dose and usable liver results, none of them on treatment. */
  noneOnTreatment: Set<string>;
}

/** The peaks of the results on treatment, with what was left out. */
export function onTreatmentPeaks(
  read: LiverResults,
  exposure: ReadonlyMap<string, TreatmentWindow>,
  windowDays: number,
): OnTreatmentPeaks {
  const outside: Record<OffTreatment, number> = { "no-first-dose": 0, undated: 0, before: 0, after: 0 };
  const peaks = peaksOf(read, (r) => {
    const place = treatmentPlace(r.date, exposure.get(r.subjectId), windowDays);
    if (place === "on") return true;
    outside[place]++;
    return false;
  });
  const noFirstDose = new Set<string>();
  const noneOnTreatment = new Set<string>();
  for (const r of read.usable) {
    if (peaks.bySubject.has(r.subjectId)) continue;
    (exposure.get(r.subjectId)?.firstDose ? noneOnTreatment : noFirstDose).add(r.subjectId);
  }
  return { peaks, outside, noFirstDose, noneOnTreatment };
}
