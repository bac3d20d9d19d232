/**
 * EX (Exposure): one record per MedicationStatement of the study drug (docs/clinical-rules.md, Which records are the
 * study drug): each a dosing period of lib/clinical/exposure/exposure.ts, from its start to its end, and the records
 * without a readable start, which are no period but are kept. The drug, dose, unit and route as sent; the dates as
 * dates; the study days from DM's RFSTDTC, the first dose (docs/export-pack.md, EX).
 */
import type { MedicationRow } from "../medications/rows";
import { emptyVariable, type SdtmDataset, usubjid, variable } from "./dataset";
import { drugOf, medicationHead, medicationRows, medicationTail, tailCells } from "./medication-records";
import { sequencedDataset } from "./sequence";
import { dayOf, dayOneOf, type ExposureBySubject } from "./study-days";

export const EX_VARIABLES = [
  ...medicationHead("EX"),
  variable("EXTRT", "Name of Treatment", "string", "medicationCodeableConcept.text of the study drug's record"),
  variable("EXCAT", "Category of Treatment", "string", "note[0].text: the drug source type"),
  variable("EXDOSE", "Dose", "float", "dosage[0].doseAndRate[0].doseQuantity.value"),
  variable("EXDOSU", "Dose Units", "string", "dosage[0].doseAndRate[0].doseQuantity.unit"),
  emptyVariable("EXDOSFRM", "Dose Form", "string", "empty: the partner service sends no dose form"),
  variable("EXROUTE", "Route of Administration", "string", "dosage[0].route.text"),
  variable("EXSTDTC", "Start Date/Time of Treatment", "date", "the date of effectivePeriod.start"),
  variable("EXENDTC", "End Date/Time of Treatment", "date", "the date of effectivePeriod.end"),
  variable("EXSTDY", "Study Day of Start of Treatment", "integer", "EXSTDTC's study day, DM's RFSTDTC day 1"),
  variable("EXENDY", "Study Day of End of Treatment", "integer", "EXENDTC's study day, DM's RFSTDTC day 1"),
  ...medicationTail("EX"),
];

export interface ExInput {
  study: string;
  /** The study drug's MedicationStatements. */
  rows: readonly MedicationRow[];
  exposure: ExposureBySubject;
}

export function exDataset({ study, rows, exposure }: ExInput): SdtmDataset {
  const keys = ["STUDYID", "USUBJID", "EXTRT", "EXSTDTC", "EXSPID"];
  const meta = { name: "EX", label: "Exposure", variables: EX_VARIABLES, keys };
  return sequencedDataset(
    meta,
    rows,
    medicationRows((m, seq) => {
      const tail = tailCells(m);
      const dayOne = dayOneOf(exposure, m.subjectId);
      return {
        STUDYID: study,
        DOMAIN: "EX",
        USUBJID: usubjid(study, m.subjectId),
        EXSEQ: seq,
        EXSPID: m.id,
        EXTRT: drugOf(m),
        EXCAT: m.sourceType,
        EXDOSE: m.dose,
        EXDOSU: m.doseUnit,
        EXROUTE: m.route,
        EXSTDTC: m.start,
        EXENDTC: m.end,
        EXSTDY: dayOf(m.start, dayOne),
        EXENDY: dayOf(m.end, dayOne),
        EXDOSINS: tail.directions,
        EXONGO: tail.ongoing,
        EXSTRAW: tail.unreadableStart,
        EXENRAW: tail.unreadableEnd,
      };
    }),
  );
}
