/**
 * Field-by-field checks of every record type against the tables of
 * docs/partner-service.md ("Resources" and "Decisions where the specification
 * is silent", written from the sponsor's specification), with the values
 * compared to the database rows they were built from (read directly from the
 * test database).
 */
import type { Check, Endpoint, Entry } from "./fixtures";
import { checkAdverseEvent, checkDiagnosticReport } from "./shapes/event-shapes";
import { checkImaging } from "./shapes/imaging-shapes";
import { checkGroup, checkLaboratory, checkMedication, checkPatient, checkVital } from "./shapes/record-shapes";
import { type StudyData, studyData } from "./shapes/study-data";

export * from "./shapes/event-shapes";
export * from "./shapes/imaging-shapes";
export * from "./shapes/record-shapes";
export * from "./shapes/study-data";

const CHECKS: Record<string, (entry: Entry, d: StudyData, c: Check) => void> = {
  AdverseEvent: checkAdverseEvent,
  DiagnosticReport: checkDiagnosticReport,
  "observation imaging": checkImaging,
  "observation laboratory": checkLaboratory,
  "observation vital-signs": checkVital,
  MedicationStatement: checkMedication,
  Patient: checkPatient,
  Group: checkGroup,
};

export const checkEntry = (e: Endpoint, entry: Entry, d: StudyData, c: Check) => CHECKS[e.name](entry, d, c);

/** The number of records a study's search must report, counted in the database. */
export function expectedTotal(e: Endpoint, study: string): number {
  const d = studyData(study);
  switch (e.name) {
    case "AdverseEvent":
      return d.aes.size;
    case "DiagnosticReport":
      return d.visible.size;
    case "observation imaging":
      return d.lesions.size;
    case "observation laboratory":
      return d.labs.size;
    case "observation vital-signs":
      return d.vitals.size;
    case "MedicationStatement":
      return d.meds.size;
    case "Patient":
      return d.subjects.size;
    case "Group":
      return 1;
    default:
      throw new Error(e.name);
  }
}
