/**
 * The on-treatment window (docs/clinical-rules.md, Study drug and exposure):
 * from the first dose to the last dose plus a number of days, both ends
 * included; open at the end while the subject is still on drug. A date
 * outside it, or any date of a subject with no known first dose, is not on
 * treatment.
 */
import { dayNumber } from "../common/dates";
import type { SubjectExposure } from "./exposure";

/** Days after the last dose that still count as on treatment, unless the address says otherwise. */
export const DEFAULT_WINDOW_DAYS = 30;
export const MAX_WINDOW_DAYS = 365;

export type TreatmentWindow = Pick<SubjectExposure, "firstDose" | "lastDose" | "ongoing">;

/** Whether `date` (`YYYY-MM-DD`, or a date-time) falls in the window; false for no date. */
export function onTreatment(date: string | null, exposure: TreatmentWindow | undefined, windowDays: number) {
  if (date === null || !exposure?.firstDose) return false;
  const day = dayNumber(date);
  if (Number.isNaN(day) || day < dayNumber(exposure.firstDose)) return false;
  if (exposure.ongoing || exposure.lastDose === null) return true;
  return day <= dayNumber(exposure.lastDose) + windowDays;
}
