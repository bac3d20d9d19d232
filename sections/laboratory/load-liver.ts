/**
 * The liver safety (eDISH) view of a study, from the cached laboratory rows,
 * the study drug's exposure (adverse events and medications) and the Group
 * and Patients for the number of study subjects. The liver results are read
 * from every laboratory row once per cached entry; the peaks on treatment
 * once per window, and the baselines once; the settings only change a cheap
 * step over them (./liver-view.ts), memoised per set of settings (derivedOf()
 * bounds how many are kept).
 */
import { liverBaselines } from "@/lib/clinical/liver/baseline";
import { onTreatmentPeaks } from "@/lib/clinical/liver/on-treatment-peaks";
import { peaksOf, readLiverResults } from "@/lib/clinical/liver/peaks";
import { alpByDay } from "@/lib/clinical/liver/r-ratio";
import { derived, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import { LIVER_DEFAULTS, type LiverSettings } from "./liver-query";
import { type LiverPlotView, liverPlotView } from "./liver-view";

export interface LiverView extends SectionData, LiverPlotView {}

/** The view for the settings; a setting not given takes its default (LIVER_DEFAULTS). */
export async function loadLiver(study: StudyData, given: Partial<LiverSettings>): Promise<LiverView> {
  const settings: LiverSettings = { ...LIVER_DEFAULTS, ...given };
  const [labs, group, patients, exposure] = await Promise.all([
    study.rows("laboratory"),
    study.rows("Group"),
    study.rows("Patient"),
    loadStudyExposure(study),
  ]);
  // The adverse-event and medication rows the exposure was computed from: their time and refused records are the
  // page's too, and a change of either computes the peaks on treatment again.
  const [aes, meds] = exposure.sources;
  const read = derived("liver:results", [labs.value], () => readLiverResults(labs.value.rows));
  const allPeaks = derived("liver:peaks", [labs.value], () => peaksOf(read));
  const alp = derived("liver:alp", [labs.value], () => alpByDay(read.alp));
  const dosed = [labs.value, aes.value, meds.value] as const;
  const firstDoseOf = (id: string) => exposure.bySubject.get(id)?.firstDose ?? null;
  const baselines = derived("liver:baselines", dosed, () => liverBaselines(read, firstDoseOf));
  const days = settings.windowDays;
  const onTreatment = derivedOf("liver:on-treatment", String(days), dosed, () =>
    onTreatmentPeaks(read, exposure.bySubject, days),
  );
  const members = derived("liver:members", [group.value, patients.value], () =>
    memberSubjects(group.value.rows, patients.value.rows),
  );
  const s = settings;
  const key = [s.transaminase, s.xThreshold, s.yThreshold, s.concurrentDays, s.scale, s.peaks, days].join(":");
  const deps = [...dosed, group.value, patients.value] as const;
  const view = derivedOf("liver:plot", key, deps, () =>
    liverPlotView({ allPeaks, onTreatment, baselines, alp, members, firstDoseOf }, settings),
  );
  const loads = { laboratory: labs, Group: group, Patient: patients, AdverseEvent: aes, MedicationStatement: meds };
  return { ...view, ...sectionData(loads) };
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
