/**
 * CM (Concomitant/Prior Medications): one record per MedicationStatement the partner sent that is not the study
 * drug (docs/clinical-rules.md, Which records are the study drug; the study drug's are EX's). Dose and unit as sent;
 * start and end as dates (./medication-records.ts).
 */
import type { MedicationRow } from "../medications/rows";
import { type SdtmDataset, usubjid, variable } from "./dataset";
import { drugOf, medicationHead, medicationRows, medicationTail, tailCells } from "./medication-records";
import { sequencedDataset } from "./sequence";

export const CM_VARIABLES = [
  ...medicationHead("CM"),
  variable("CMTRT", "Reported Name of Drug, Med, or Therapy", "string", "medicationCodeableConcept.text"),
  variable("CMCAT", "Category for Medication", "string", "note[0].text: the drug source type"),
  variable("CMDOSE", "Dose per Administration", "float", "dosage[0].doseAndRate[0].doseQuantity.value"),
  variable("CMDOSU", "Dose Units", "string", "dosage[0].doseAndRate[0].doseQuantity.unit"),
  variable("CMROUTE", "Route of Administration", "string", "dosage[0].route.text"),
  variable("CMSTDTC", "Start Date/Time of Medication", "date", "the date of effectivePeriod.start"),
  variable("CMENDTC", "End Date/Time of Medication", "date", "the date of effectivePeriod.end"),
  ...medicationTail("CM"),
];

export function cmDataset({ study, rows }: { study: string; rows: readonly MedicationRow[] }): SdtmDataset {
  const keys = ["STUDYID", "USUBJID", "CMTRT", "CMSTDTC", "CMSPID"];
  const meta = { name: "CM", label: "Concomitant/Prior Medications", variables: CM_VARIABLES, keys };
  return sequencedDataset(
    meta,
    rows,
    medicationRows((m, seq) => {
      const tail = tailCells(m);
      return {
        STUDYID: study,
        DOMAIN: "CM",
        USUBJID: usubjid(study, m.subjectId),
        CMSEQ: seq,
        CMSPID: m.id,
        CMTRT: drugOf(m),
        CMCAT: m.sourceType,
        CMDOSE: m.dose,
        CMDOSU: m.doseUnit,
        CMROUTE: m.route,
        CMSTDTC: m.start,
        CMENDTC: m.end,
        CMDOSINS: tail.directions,
        CMONGO: tail.ongoing,
        CMSTRAW: tail.unreadableStart,
        CMENRAW: tail.unreadableEnd,
      };
    }),
  );
}
