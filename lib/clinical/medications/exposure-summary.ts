/**
 * The study drug's exposure as the Medications section summarises it
 * (docs/clinical-rules.md, Medications, The study drug): the study's Group
 * members with a study-drug record as n (%) of N, those still on drug at the
 * data cut, those with a dose change, and the days on drug (median, min and
 * max over the members whose first and last dose are known); and a row per
 * member. The study drug's records are exposure, not concomitant medication:
 * the subjects per drug leave them out (./summary.ts, drugCounts, given the
 * concomitant records only).
 */

import { percentOf } from "../common/percent";
import type { SubjectExposure } from "../exposure/exposure";
import { isStudyMedication } from "../exposure/study-drug";
import { quantile } from "../vital-signs/stats";
import type { MedicationRow } from "./rows";
import type { StudyPopulation } from "./summary";

/** n members and their share of N to one decimal (null when N is 0). */
export interface SubjectShare {
  n: number;
  percent: number | null;
}

export interface ExposureSummary {
  /** Members with a study-drug record (dated or not). */
  exposed: SubjectShare;
  /** Members with an open-ended study-drug record: on drug at the data cut. */
  ongoing: SubjectShare;
  /** Members with at least one dose change. */
  doseChanged: SubjectShare;
  /** Days on drug over the members whose first dose is known (`n` of them); null when none is. */
  days: { n: number; median: number; min: number; max: number } | null;
  /** The members' exposure, by subject ID. */
  subjects: SubjectExposure[];
}

/** The exposure of the Group's members (subjects outside the Group are listed, not counted, as for every drug). */
export function exposureSummary(
  bySubject: ReadonlyMap<string, SubjectExposure>,
  population: StudyPopulation,
): ExposureSummary {
  const subjects = [...bySubject.values()]
    .filter((e) => population.subjectIds.has(e.subjectId))
    .sort((a, b) => (a.subjectId < b.subjectId ? -1 : a.subjectId > b.subjectId ? 1 : 0));
  const share = (n: number): SubjectShare => ({ n, percent: percentOf(n, population.n) });
  const days = subjects
    .map((e) => e.daysOnDrug)
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  return {
    exposed: share(subjects.length),
    ongoing: share(subjects.filter((e) => e.ongoing).length),
    doseChanged: share(subjects.filter((e) => e.doseChanges > 0).length),
    days: days.length === 0 ? null : { n: days.length, median: quantile(days, 0.5), min: days[0], max: days.at(-1)! },
    subjects,
  };
}

/** The records of a study split into the study drug's and the concomitant medications, in the partner's order. */
export function splitStudyDrug(meds: readonly MedicationRow[], products: readonly string[]) {
  const studyDrug: MedicationRow[] = [];
  const concomitant: MedicationRow[] = [];
  for (const m of meds) (isStudyMedication(m, products) ? studyDrug : concomitant).push(m);
  return { studyDrug, concomitant };
}
