/** The subject list of a study, built from the cached Group, Patient, AdverseEvent and DiagnosticReport rows. */
import type { SubjectRecord } from "@/lib/clinical/subjects/counts";
import type { GroupMembers, SubjectDemographics } from "@/lib/clinical/subjects/demographics";
import { buildSubjectList, type SubjectList, type SubjectListRow } from "@/lib/clinical/subjects/subject-list";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { derived } from "./derived";
import { type SectionData, sectionData } from "./section-data";
import type { StudyData } from "./study-rows";

export type { RejectedOfType } from "./section-data";

export interface SubjectListView extends SectionData {
  rows: SubjectListRow[];
  /** Adverse events and assessments of subjects on no row, and Group members that name no Patient. */
  unmatched: { adverseEvents: number; assessments: number; members: number };
}

export async function loadSubjectList(study: StudyData): Promise<SubjectListView> {
  // All four at once: each is its own cache entry and single flight, and one failing does not stop the others
  // being cached.
  const [group, patients, adverseEvents, assessments] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("AdverseEvent"),
    study.rows("DiagnosticReport"),
  ]);
  const list = subjectListOf(group.value, patients.value, adverseEvents.value, assessments.value);
  return {
    rows: list.rows,
    ...sectionData({ Group: group, Patient: patients, AdverseEvent: adverseEvents, DiagnosticReport: assessments }),
    unmatched: { ...list.unmatched, members: group.value.rows.reduce((n, g) => n + g.unreadable, 0) },
  };
}

/**
 * The subject list of cached rows, built once per cache entry: the same rows array for every request, so that its
 * orderings (lib/tables/server-table.ts) are kept too (the subject profile's previous and next).
 */
export function subjectListOf(
  group: CachedRows<GroupMembers>,
  patients: CachedRows<SubjectDemographics>,
  adverseEvents: CachedRows<SubjectRecord>,
  assessments: CachedRows<SubjectRecord>,
): SubjectList {
  return derived("subject list", [patients, group, adverseEvents, assessments], () =>
    buildSubjectList({
      members: group.rows.flatMap((g) => g.members),
      patients: patients.rows,
      adverseEvents: adverseEvents.rows,
      assessments: assessments.rows,
    }),
  );
}
