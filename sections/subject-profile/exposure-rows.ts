/**
 * A subject's study-drug exposure as its profile lists it (docs/clinical-rules.md, Exposure per subject): the
 * dosing periods in order, each with its dose and unit, its first and last day as dates and study days, and
 * whether it changes the dose of the period before.
 */
import { studyDay } from "@/lib/clinical/common/dates";
import { type SubjectExposure, sameDose } from "@/lib/clinical/exposure/exposure";

export interface DosePeriodRow {
  recordId: string;
  drug: string;
  /** The dose, or "not recorded". */
  dose: number | string;
  doseUnit: string | null;
  start: string;
  startDay: number | null;
  /** The last day as a date, or "ongoing" for a period with no end. */
  end: string;
  endDay: number | null;
  /** A period whose drug, dose or unit differs from the period before. */
  doseChange: boolean;
}

export function dosePeriodRows(exposure: SubjectExposure, dayOne: string | null): DosePeriodRow[] {
  const day = (date: string) => (dayOne === null ? null : studyDay(date, dayOne));
  return exposure.periods.map((p, i) => ({
    recordId: p.recordId,
    drug: p.drug,
    dose: p.dose ?? "not recorded",
    doseUnit: p.doseUnit,
    start: p.start,
    startDay: day(p.start),
    end: p.ongoing ? "ongoing" : p.end,
    endDay: p.ongoing ? null : day(p.end),
    doseChange: i > 0 && !sameDose(exposure.periods[i - 1], p),
  }));
}
