/**
 * Exposure to the study drug per subject (docs/clinical-rules.md, Study drug
 * and exposure): the study drug's medication records (./study-drug.ts) read
 * as dosing periods. First dose is the earliest start; last dose the latest
 * day a period covers (its end, or its start when it has no end); a period
 * with no end and no unreadable end is ongoing. Days on drug count from the
 * first dose to the last, both included (the usual treatment duration), so a
 * single dose is 1 day; gaps between periods are not taken off. A dose change
 * is a period whose drug, dose or unit differs from the period before it.
 */
import { daysBetween } from "../common/dates";
import type { MedicationRow } from "../medications/rows";
import { isStudyMedication } from "./study-drug";

export interface DosePeriod {
  drug: string;
  dose: number | null;
  doseUnit: string | null;
  start: string;
  /** The last day of the period: its end, or its start when it has none; open when `ongoing`. */
  end: string;
  ongoing: boolean;
  /** The record the period was read from. */
  recordId: string;
}

export interface SubjectExposure {
  subjectId: string;
  /** `YYYY-MM-DD`; null when no study-drug record has a readable start. */
  firstDose: string | null;
  lastDose: string | null;
  /** A study-drug record with no end: the subject is still on drug at the data cut. */
  ongoing: boolean;
  daysOnDrug: number | null;
  doseChanges: number;
  /** Periods by start, then end. */
  periods: DosePeriod[];
  /** Study-drug records, and those without a readable start (kept out of the periods, counted). */
  records: number;
  undated: number;
}

/** Study-drug records read as dosing periods, per subject (subjects without one are absent). */
export function studyExposure(
  medications: readonly MedicationRow[],
  products: readonly string[],
): Map<string, SubjectExposure> {
  const bySubject = new Map<string, MedicationRow[]>();
  for (const m of medications) {
    if (m.subjectId === null || !isStudyMedication(m, products)) continue;
    const list = bySubject.get(m.subjectId);
    if (list) list.push(m);
    else bySubject.set(m.subjectId, [m]);
  }
  const out = new Map<string, SubjectExposure>();
  for (const [subjectId, records] of bySubject) out.set(subjectId, subjectExposure(subjectId, records));
  return out;
}

/** One subject's exposure from its study-drug records. */
export function subjectExposure(subjectId: string, records: readonly MedicationRow[]): SubjectExposure {
  const periods = records
    .filter((m): m is MedicationRow & { start: string } => m.start !== null)
    .map(periodOf)
    .sort((a, b) => cmp(a.start, b.start) || cmp(a.end, b.end) || cmp(a.recordId, b.recordId));
  const firstDose = periods[0]?.start ?? null;
  let lastDose: string | null = null;
  for (const p of periods) if (lastDose === null || p.end > lastDose) lastDose = p.end;
  let doseChanges = 0;
  for (let i = 1; i < periods.length; i++) if (!sameDose(periods[i - 1], periods[i])) doseChanges++;
  return {
    subjectId,
    firstDose,
    lastDose,
    ongoing: periods.some((p) => p.ongoing),
    daysOnDrug: firstDose !== null && lastDose !== null ? daysBetween(firstDose, lastDose) + 1 : null,
    doseChanges,
    periods,
    records: records.length,
    undated: records.length - periods.length,
  };
}

function periodOf(m: MedicationRow & { start: string }): DosePeriod {
  const end = m.end !== null && m.end >= m.start ? m.end : m.start;
  return {
    drug: m.drug,
    dose: m.dose,
    doseUnit: m.doseUnit,
    start: m.start,
    end,
    ongoing: m.end === null && m.unreadableEnd === null,
    recordId: m.id,
  };
}

/** Whether two periods give the same drug, dose and unit (the next one is no dose change). */
export const sameDose = (a: DosePeriod, b: DosePeriod) =>
  a.drug.toLowerCase() === b.drug.toLowerCase() && a.dose === b.dose && a.doseUnit === b.doseUnit;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
