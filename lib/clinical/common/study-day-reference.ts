/**
 * Day 1 of a subject's study days (docs/clinical-rules.md, Study medication
 * and study day 1): by default the first dose of study medication, or failing
 * that the first response assessment, or failing that the first laboratory
 * collection. A page may anchor day 1 on the baseline response assessment
 * instead (`day1=baseline`, ../exposure/day-one.ts): the earliest assessment
 * marked as the baseline (../response/assessment-response.ts, isBaselineRow),
 * the default order following for a subject without one. The source type of
 * a MedicationStatement (`note`) says how it was given (`Prescription`,
 * `Patient reported`, `Administered in clinic` in this project's data), not
 * whether it is the study drug, so a medication is study medication by the
 * rule of ../exposure/study-drug.ts.
 */

import type { DayOneAnchor } from "../exposure/day-one";
import { isStudyMedication } from "../exposure/study-drug";
import type { MeasurementRow } from "../measurements/rows";
import type { MedicationRow } from "../medications/rows";
import { isBaselineRow } from "../response/assessment-response";
import type { AssessmentRow } from "../response/assessments";
import { calendarDate } from "./dates";

export type ReferenceSource = "first dose" | "first response assessment" | "first laboratory collection";
/** The sources of day 1 when a page may anchor it on the baseline assessment. */
export type AnchoredSource = ReferenceSource | "baseline assessment";

export interface StudyDayReference<S extends AnchoredSource = ReferenceSource> {
  /** Study day 1, `YYYY-MM-DD`. */
  date: string;
  source: S;
}

export interface ReferenceInput {
  medications: readonly MedicationRow[];
  products: readonly string[];
  assessments: readonly AssessmentRow[];
  labs: readonly MeasurementRow[];
}

/** The subject's study day 1 and what it is; null when the subject has none of the three. */
export function studyDayReference(input: ReferenceInput): StudyDayReference | null {
  const dose = earliest(input.medications.filter((m) => isStudyMedication(m, input.products)).map((m) => m.start));
  if (dose) return { date: dose, source: "first dose" };
  const assessment = earliest(input.assessments.map((a) => a.date));
  if (assessment) return { date: assessment, source: "first response assessment" };
  const lab = earliest(input.labs.map((l) => calendarDate(l.collectedAt)));
  return lab ? { date: lab, source: "first laboratory collection" } : null;
}

/**
 * Day 1 under the anchor a page chose: `first-dose` is studyDayReference(); `baseline` is the date of the earliest
 * dated assessment marked as the baseline, else what studyDayReference() gives.
 */
export function anchoredStudyDayReference(
  input: ReferenceInput,
  anchor: DayOneAnchor,
): StudyDayReference<AnchoredSource> | null {
  if (anchor === "baseline") {
    const baseline = earliest(input.assessments.filter(isBaselineRow).map((a) => a.date));
    if (baseline) return { date: baseline, source: "baseline assessment" };
  }
  return studyDayReference(input);
}

/** The earliest of calendar dates (`YYYY-MM-DD` sorts as text); null when there is none. */
function earliest(dates: readonly (string | null)[]): string | null {
  let first: string | null = null;
  for (const d of dates) if (d !== null && (first === null || d < first)) first = d;
  return first;
}
