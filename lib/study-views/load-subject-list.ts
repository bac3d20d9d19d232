/** The subject list of a study, built from the cached Group, Patient, AdverseEvent and DiagnosticReport rows. */
import { buildSubjectList, type SubjectListRow } from "@/lib/clinical/subject-list";
import type { PartnerCredentials } from "@/lib/partner-api/credentials";
import type { Rejected } from "@/lib/partner-client/client";
import type { CachedRecordType } from "../study-cache/row-mappers";
import type { StudyCache } from "../study-cache/study-cache";

export interface RejectedOfType extends Rejected {
  recordType: CachedRecordType;
}

export interface SubjectListView {
  rows: SubjectListRow[];
  /** The oldest load the list is built from (epoch ms): the "data as of" time. */
  asOf: number;
  /** Records the schemas refused, per record type that had any. */
  rejected: RejectedOfType[];
  /** Adverse events and assessments of subjects on no row, and Group members that name no Patient. */
  unmatched: { adverseEvents: number; assessments: number; members: number };
}

export async function loadSubjectList(
  cache: StudyCache,
  creds: PartnerCredentials,
  study: string,
): Promise<SubjectListView> {
  // All four at once: each is its own cache entry and single flight, and one failing does not stop the others being cached.
  const [group, patients, adverseEvents, assessments] = await Promise.all([
    cache.rows(creds, study, "Group"),
    cache.rows(creds, study, "Patient"),
    cache.rows(creds, study, "AdverseEvent"),
    cache.rows(creds, study, "DiagnosticReport"),
  ]);
  const list = buildSubjectList({
    members: group.value.rows.flatMap((g) => g.members),
    patients: patients.value.rows,
    adverseEvents: adverseEvents.value.rows,
    assessments: assessments.value.rows,
  });
  const loads = { Group: group, Patient: patients, AdverseEvent: adverseEvents, DiagnosticReport: assessments };
  const rejected = Object.entries(loads)
    .filter(([, hit]) => hit.value.rejected.count > 0)
    .map(([recordType, hit]) => ({ recordType: recordType as CachedRecordType, ...hit.value.rejected }));
  return {
    rows: list.rows,
    asOf: Math.min(...Object.values(loads).map((hit) => hit.loadedAt)),
    rejected,
    unmatched: { ...list.unmatched, members: group.value.rows.reduce((n, g) => n + g.unreadable, 0) },
  };
}
