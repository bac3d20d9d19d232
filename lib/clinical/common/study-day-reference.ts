/**
 * Day 1 of a subject's study days (docs/clinical-rules.md, The subject
 * profile): the first dose of study medication, or failing that the first
 * response assessment, or failing that the first laboratory collection. The
 * source type of a MedicationStatement (`note`) says how it was given
 * (`Prescription`, `Patient reported`, `Administered in clinic` in this
 * project's data), not whether it is the study drug, so a medication is study
 * medication by the rule of ../exposure/study-drug.ts.
 */

import { isStudyMedication } from "../exposure/study-drug";
import type { MeasurementRow } from "../measurements/rows";
import type { MedicationRow } from "../medications/rows";
import type { AssessmentRow } from "../response/assessments";
import { calendarDate } from "./dates";

export type ReferenceSource = "first dose" | "first response assessment" | "first laboratory collection";

export interface StudyDayReference {
  /** Study day 1, `YYYY-MM-DD`. */
  date: string;
  source: ReferenceSource;
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

/** The earliest of calendar dates (`YYYY-MM-DD` sorts as text); null when there is none. */
function earliest(dates: readonly (string | null)[]): string | null {
  let first: string | null = null;
  for (const d of dates) if (d !== null && (first === null || d < first)) first = d;
  return first;
}
