/**
 * CM (Concomitant/Prior Medications): one record per MedicationStatement the partner sent (docs/clinical-rules.md,
 * Medications). Dose and unit as sent; start and end as dates; an exposure without an end is ongoing. A start or
 * end that was sent but is no date is kept as sent beside the empty --DTC, so that it is not lost.
 */

import { DRUG_MISSING, type MedicationRow } from "../medications/rows";
import { isOpenEnded } from "../medications/summary";
import { extraVariable, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { byKeys, compareText, sequencedDataset } from "./sequence";

export const CM_VARIABLES = [
  ...subjectVariables("CM", "by CMSTDTC, then CMTRT (none last), then CMSPID"),
  variable("CMSPID", "Sponsor-Defined Identifier", "string", "MedicationStatement.id"),
  variable("CMTRT", "Reported Name of Drug, Med, or Therapy", "string", "medicationCodeableConcept.text"),
  variable("CMCAT", "Category for Medication", "string", "note[0].text: the drug source type"),
  variable("CMDOSE", "Dose per Administration", "float", "dosage[0].doseAndRate[0].doseQuantity.value"),
  variable("CMDOSU", "Dose Units", "string", "dosage[0].doseAndRate[0].doseQuantity.unit"),
  variable("CMDOSTXT", "Dose Description", "string", "dosage[0].text: the dosage directions"),
  variable("CMROUTE", "Route of Administration", "string", "dosage[0].route.text"),
  variable("CMSTDTC", "Start Date/Time of Medication", "date", "the date of effectivePeriod.start"),
  variable("CMENDTC", "End Date/Time of Medication", "date", "the date of effectivePeriod.end"),
  extraVariable("CMONGO", "Ongoing", "string", "Y when effectivePeriod.end is absent (open-ended), else N"),
  extraVariable("CMSTRAW", "Start as Sent, Unreadable", "string", "effectivePeriod.start when it is no date"),
  extraVariable("CMENRAW", "End as Sent, Unreadable", "string", "effectivePeriod.end when it is no date"),
];

const drugOf = (m: MedicationRow) => (m.drug === DRUG_MISSING ? null : m.drug);

export function cmDataset({ study, rows }: { study: string; rows: readonly MedicationRow[] }): SdtmDataset {
  const meta = { name: "CM", label: "Concomitant/Prior Medications", variables: CM_VARIABLES };
  return sequencedDataset(meta, rows, {
    subjectOf: (m) => m.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.start, b.start),
      (a, b) => compareText(drugOf(a), drugOf(b)),
      (a, b) => compareText(a.id, b.id),
    ),
    record: (m, seq) => ({
      STUDYID: study,
      DOMAIN: "CM",
      USUBJID: usubjid(study, m.subjectId),
      CMSEQ: seq,
      CMSPID: m.id,
      CMTRT: drugOf(m),
      CMCAT: m.sourceType,
      CMDOSE: m.dose,
      CMDOSU: m.doseUnit,
      CMDOSTXT: m.directions,
      CMROUTE: m.route,
      CMSTDTC: m.start,
      CMENDTC: m.end,
      CMONGO: isOpenEnded(m) ? "Y" : "N",
      CMSTRAW: m.unreadableStart,
      CMENRAW: m.unreadableEnd,
    }),
  });
}
