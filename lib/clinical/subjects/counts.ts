/**
 * The least of an AdverseEvent or a DiagnosticReport that the subject list
 * needs to count them per subject. A study may hold many thousands of each,
 * so the cache keeps these rows, not the resources.
 */
import type { DiagnosticReportResource } from "@/partner-api/resources";
import { type Intern, identifierByName, noIntern, subjectOf } from "../common/fhir";

export interface SubjectRecord {
  /** The record's own key, unique within the study. */
  key: string;
  /** Patient.id of the subject; null when the reference names no Patient. */
  subjectId: string | null;
}

/** A DiagnosticReport is one response assessment, keyed by its `#AssessmentId` identifier. */
export function assessmentRecord(dr: DiagnosticReportResource, intern: Intern = noIntern): SubjectRecord {
  const key = identifierByName(dr.identifier, "AssessmentId") ?? dr.identifier[0].value;
  return { key, subjectId: subjectOf(dr.subject.reference, intern) };
}

/** Distinct records per subject; a record sent twice counts once. */
export function countBySubject(records: readonly SubjectRecord[]): Map<string | null, number> {
  const seen = new Set<string>();
  const counts = new Map<string | null, number>();
  for (const r of records) {
    if (seen.has(r.key)) continue;
    seen.add(r.key);
    counts.set(r.subjectId, (counts.get(r.subjectId) ?? 0) + 1);
  }
  return counts;
}
