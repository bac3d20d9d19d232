/**
 * What CM and EX share: both are MedicationStatements (docs/clinical-rules.md, Medications), the study drug's in EX
 * and every other in CM (docs/clinical-rules.md, Which records are the study drug). Drug, dose, unit and route as
 * sent, start and end as dates; an exposure without an end is ongoing; a start or end that was sent but is no date
 * is kept as sent beside the empty --DTC, so that it is not lost.
 */

import { isStudyMedication } from "../exposure/study-drug";
import { DRUG_MISSING, type MedicationRow } from "../medications/rows";
import { isOpenEnded } from "../medications/summary";
import { extraVariable, type SdtmRecord, subjectVariables, variable } from "./dataset";
import { byKeys, compareText, type DomainRows } from "./sequence";

/** The drug's name; null for a record that names none. */
export const drugOf = (m: MedicationRow) => (m.drug === DRUG_MISSING ? null : m.drug);

/** Within a subject: by start date (none last), then drug (none last), then record ID. */
export function medicationRows(record: (m: MedicationRow, seq: number) => SdtmRecord): DomainRows<MedicationRow> {
  return {
    subjectOf: (m) => m.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.start, b.start),
      (a, b) => compareText(drugOf(a), drugOf(b)),
      (a, b) => compareText(a.id, b.id),
    ),
    record,
  };
}

/** The identifier, drug and dose variables, in SDTMIG's order for the domain's prefix (CM, EX). */
export function medicationHead(prefix: "CM" | "EX") {
  return [
    ...subjectVariables(prefix, `by ${prefix}STDTC, then ${prefix}TRT (none last), then ${prefix}SPID`),
    variable(`${prefix}SPID`, "Sponsor-Defined Identifier", "string", "MedicationStatement.id"),
  ];
}

/** The portal's own variables after the SDTM ones: the directions, whether ongoing, dates that are no date. */
export function medicationTail(prefix: "CM" | "EX") {
  return [
    extraVariable(`${prefix}DOSINS`, "Dosage Instructions as Sent", "string", "dosage[0].text: the directions"),
    extraVariable(`${prefix}ONGO`, "Ongoing", "string", "Y when effectivePeriod.end is absent (open-ended), else N"),
    extraVariable(`${prefix}STRAW`, "Start as Sent, Unreadable", "string", "effectivePeriod.start when it is no date"),
    extraVariable(`${prefix}ENRAW`, "End as Sent, Unreadable", "string", "effectivePeriod.end when it is no date"),
  ];
}

/** The values of medicationTail's variables. */
export const tailCells = (m: MedicationRow) => ({
  directions: m.directions,
  ongoing: isOpenEnded(m) ? "Y" : "N",
  unreadableStart: m.unreadableStart,
  unreadableEnd: m.unreadableEnd,
});

/** The study drug's records (EX) and every other (CM), each in the order sent. */
export function splitMedications(rows: readonly MedicationRow[], products: readonly string[]) {
  const studyDrug: MedicationRow[] = [];
  const other: MedicationRow[] = [];
  for (const m of rows) (isStudyMedication(m, products) ? studyDrug : other).push(m);
  return { studyDrug, other };
}
