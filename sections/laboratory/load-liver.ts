/**
 * The liver safety (eDISH) view of a study, from the cached laboratory rows,
 * and the Group and Patients for the number of study subjects. The peaks per
 * subject read every laboratory row, so they are computed once per cached
 * entry; the thresholds only change a cheap second step over them, memoised
 * per set of settings (derivedOf() bounds how many are kept).
 */
import { type EdishParams, type EdishPlot, edishPlot } from "@/lib/clinical/liver/edish";
import { type LiverPeaks, type LiverTest, liverPeaks } from "@/lib/clinical/liver/peaks";
import { derived, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";

export interface LiverView extends SectionData {
  plot: EdishPlot;
  /** N: the distinct members of the study's Group. */
  studySubjects: number;
  /** Group members (joined to their Patient) without any usable ALT, AST or bilirubin result. */
  withoutLiverResults: number;
  /** Plotted subjects that are not members of the study's Group (plotted all the same). */
  notInGroup: number;
  /** Plotted subjects whose concurrency is unknown: a peak without a date. */
  undated: number;
  results: Record<LiverTest, number>;
  unusable: Record<LiverTest, number>;
  withoutSubject: number;
}

export async function loadLiver(study: StudyData, settings: EdishParams): Promise<LiverView> {
  const [labs, group, patients] = await Promise.all([
    study.rows("laboratory"),
    study.rows("Group"),
    study.rows("Patient"),
  ]);
  const peaks = derived("liver:peaks", [labs.value], () => liverPeaks(labs.value.rows));
  const members = derived("liver:members", [group.value, patients.value], () =>
    memberSubjects(group.value.rows, patients.value.rows),
  );
  const key = `${settings.transaminase}:${settings.xThreshold}:${settings.yThreshold}:${settings.concurrentDays}`;
  const deps = [labs.value, group.value, patients.value] as const;
  const view = derivedOf("liver:plot", key, deps, () => liverView(peaks, members, settings));
  return { ...view, ...sectionData({ laboratory: labs, Group: group, Patient: patients }) };
}

/** The study subjects: the Group's distinct members, and the Patient IDs they join to (docs/clinical-rules.md). */
export function memberSubjects(
  groups: readonly { members: readonly string[] }[],
  patients: readonly { subjectId: string; subjectStudyNumber: string | null }[],
) {
  const numbers = new Set(groups.flatMap((g) => g.members));
  const ids = new Set<string>();
  const seen = new Set<string>();
  for (const p of patients) {
    // The first Patient with a number is the member's (a duplicate is not a study subject).
    if (p.subjectStudyNumber === null || seen.has(p.subjectStudyNumber)) continue;
    seen.add(p.subjectStudyNumber);
    if (numbers.has(p.subjectStudyNumber)) ids.add(p.subjectId);
  }
  return { count: numbers.size, ids };
}

function liverView(
  peaks: LiverPeaks,
  members: { count: number; ids: Set<string> },
  settings: EdishParams,
): Omit<LiverView, keyof SectionData> {
  const plot = edishPlot(peaks, settings);
  let withoutLiverResults = 0;
  for (const id of members.ids) if (!peaks.bySubject.has(id)) withoutLiverResults++;
  // Members without a Patient have no subject ID, hence no results either.
  withoutLiverResults += members.count - members.ids.size;
  return {
    plot,
    studySubjects: members.count,
    withoutLiverResults,
    notInGroup: plot.points.filter((p) => !members.ids.has(p.subjectId)).length,
    undated: plot.points.filter((p) => p.concurrent === null).length,
    results: peaks.results,
    unusable: peaks.unusable,
    withoutSubject: peaks.withoutSubject,
  };
}
