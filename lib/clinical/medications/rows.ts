/**
 * MedicationStatement records as compact rows (docs/partner-service.md,
 * MedicationStatement). The dosage is loosely typed in the contract, so each
 * field is read only when it has the expected shape; an absent dose stays
 * null for the view to say "not recorded", an absent end stays null
 * (open-ended).
 */
import type { MedicationStatementResource } from "@/partner-api/resources";
import { calendarDate } from "../common/dates";
import { type Intern, noIntern, subjectOf } from "../common/fhir";

export interface MedicationRow {
  id: string;
  subjectId: string | null;
  drug: string;
  dose: number | null;
  doseUnit: string | null;
  route: string | null;
  method: string | null;
  /** The dosage's free-text directions. */
  directions: string | null;
  /** Calendar dates `YYYY-MM-DD`; `end` null when the exposure is open-ended (or its end is unreadable). */
  start: string | null;
  end: string | null;
  /**
   * A start or end that was sent but is no readable date, as sent (else null): an unreadable end is not an open
   * end, and the view must not call it "ongoing".
   */
  unreadableStart: string | null;
  unreadableEnd: string | null;
  /** The drug source type from `note[0].text` (e.g. concomitant or study medication). */
  sourceType: string | null;
}

/** The drug of a record that names none (the SDTM export writes it as missing). */
export const DRUG_MISSING = "(no drug)";

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const first = (v: unknown) => (Array.isArray(v) ? record(v[0]) : undefined);

/** A date text that was sent (not blank) but reads as no date. */
const unreadable = (text: string | undefined) =>
  text !== undefined && text.trim() !== "" && calendarDate(text) === null ? text : null;

export function medicationRow(m: MedicationStatementResource, intern: Intern = noIntern): MedicationRow {
  const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? intern(v.trim()) : null);
  const concept = m.medicationCodeableConcept;
  const dosage = first(m.dosage);
  const dose = record(first(dosage?.doseAndRate)?.doseQuantity);
  return {
    id: m.id,
    subjectId: subjectOf(m.subject.reference, intern),
    drug:
      text(concept?.text) ?? text(concept?.coding?.[0]?.display) ?? text(concept?.coding?.[0]?.code) ?? DRUG_MISSING,
    dose: typeof dose?.value === "number" && Number.isFinite(dose.value) ? dose.value : null,
    doseUnit: text(dose?.unit),
    route: text(record(dosage?.route)?.text),
    method: text(record(dosage?.method)?.text),
    directions: text(dosage?.text),
    start: calendarDate(m.effectivePeriod?.start),
    end: calendarDate(m.effectivePeriod?.end),
    unreadableStart: unreadable(m.effectivePeriod?.start),
    unreadableEnd: unreadable(m.effectivePeriod?.end),
    sourceType: text(m.note?.[0]?.text),
  };
}
