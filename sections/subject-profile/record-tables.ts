/**
 * The subject profile's tables: each one's URL prefix (several tables on one
 * page), its anchor on the page, and its columns. The timeline opens a record
 * by filtering its table through the same URL state. No imports of React:
 * the server builds the rows, the chart (a client component) builds links.
 */
import type { DataColumn } from "@/lib/tables/types";
import { SUBJECT_ASSESSMENTS_ANCHOR } from "@/sections/frame/addresses";

export const RECORD_TABLES = {
  adverseEvents: { prefix: "ae_", anchor: "subject-adverse-events" },
  medications: { prefix: "med_", anchor: "subject-medications" },
  assessments: { prefix: "dr_", anchor: SUBJECT_ASSESSMENTS_ANCHOR },
  measurements: { anchor: "subject-measurements" },
} as const;

const num = "number" as const;

export const AE_COLUMNS: DataColumn[] = [
  { id: "key", header: "AE ID" },
  { id: "term", header: "Term" },
  { id: "grade", header: "Grade", type: num },
  { id: "ctcaeVersion", header: "CTCAE version" },
  { id: "start", header: "Start" },
  { id: "startDay", header: "Start day", type: num },
  { id: "end", header: "End" },
  { id: "endDay", header: "End day", type: num },
  { id: "duration", header: "Duration (days)", type: num },
  { id: "ongoing", header: "Ongoing" },
  { id: "outcome", header: "Outcome" },
  { id: "causality", header: "Causality" },
  { id: "suspectProduct", header: "Suspect product" },
  { id: "verified", header: "Verified" },
  { id: "flags", header: "Flags" },
];

export const MEDICATION_COLUMNS: DataColumn[] = [
  { id: "drug", header: "Medication" },
  { id: "study", header: "Study medication" },
  { id: "dose", header: "Dose" },
  { id: "doseUnit", header: "Unit" },
  { id: "route", header: "Route" },
  { id: "method", header: "Method" },
  { id: "directions", header: "Directions" },
  { id: "start", header: "Start" },
  { id: "startDay", header: "Start day", type: num },
  { id: "end", header: "End" },
  { id: "endDay", header: "End day", type: num },
  { id: "sourceType", header: "Source type" },
];

export const ASSESSMENT_COLUMNS: DataColumn[] = [
  // Each opens the subject's tumour response page, at that assessment recomputed.
  { id: "key", header: "Assessment ID", href: "responseHref" },
  { id: "date", header: "Date" },
  { id: "studyDay", header: "Study day", type: num },
  { id: "name", header: "Timepoint" },
  { id: "targetSum", header: "Target sum", type: num },
  { id: "unit", header: "Unit" },
  { id: "changeFromBaseline", header: "Change from baseline" },
  { id: "conclusion", header: "Conclusion (as signed)" },
];
