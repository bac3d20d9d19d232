/** The subject list of a study, built from the cached Group, Patient, AdverseEvent and DiagnosticReport rows. */
import { buildSubjectList, type SubjectListRow } from "@/lib/clinical/subject-list";
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
  const list = buildSubjectList({
    members: group.value.rows.flatMap((g) => g.members),
    patients: patients.value.rows,
    adverseEvents: adverseEvents.value.rows,
    assessments: assessments.value.rows,
  });
  return {
    rows: list.rows,
    ...sectionData({ Group: group, Patient: patients, AdverseEvent: adverseEvents, DiagnosticReport: assessments }),
    unmatched: { ...list.unmatched, members: group.value.rows.reduce((n, g) => n + g.unreadable, 0) },
  };
}
