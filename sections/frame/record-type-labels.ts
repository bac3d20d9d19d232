import type { ChangedRecordType } from "@/lib/snapshots/changes";

/** The record types as the pages name them (loading progress, Changes). A Map: no name finds an inherited property. */
export const RECORD_TYPE_LABEL: ReadonlyMap<string, string> = new Map([
  ["Group", "Subjects list"],
  ["Patient", "Demographics"],
  ["AdverseEvent", "Adverse events"],
  ["DiagnosticReport", "Response assessments"],
  ["laboratory", "Laboratory results"],
  ["vital-signs", "Vital signs"],
  ["MedicationStatement", "Medications"],
  ["imaging", "Lesion measurements"],
]);

export const recordTypeLabel = (recordType: string) => RECORD_TYPE_LABEL.get(recordType) ?? recordType;

/** One record of a reviewed record type, as a screen reader names it before its key ("adverse event AE-0001"). */
export const RECORD_WORDS: Record<ChangedRecordType, string> = {
  Patient: "subject",
  AdverseEvent: "adverse event",
  DiagnosticReport: "response assessment",
  imaging: "lesion measurement",
  laboratory: "laboratory result",
  "vital-signs": "vital sign",
  MedicationStatement: "medication",
};
