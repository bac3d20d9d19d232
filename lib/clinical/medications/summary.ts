/**
 * The study's medications (docs/clinical-rules.md, Medications): subjects per
 * drug as n (%) of N, where N is the study's Group members and n counts each
 * member with a record of the drug once; open-ended records ("ongoing"); and
 * the counts behind the data notes. Records of subjects outside the Group are
 * listed, but not counted in n.
 */

import { percentOf } from "../common/percent";
import type { SubjectDemographics } from "../subjects/demographics";
import type { MedicationRow } from "./rows";

export interface StudyPopulation {
  /** N: the distinct Group members. */
  n: number;
  /** The subject IDs of the members that a Patient matches through its subject study number. */
  subjectIds: ReadonlySet<string>;
}

/** Members joined to Patients through `#SubjectStudyId`, the first Patient sent with a number being its match. */
export function groupPopulation(members: readonly string[], patients: readonly SubjectDemographics[]): StudyPopulation {
  const distinct = new Set(members);
  const matched = new Set<string>();
  const subjectIds = new Set<string>();
  for (const p of patients) {
    const number = p.subjectStudyNumber;
    if (number === null || !distinct.has(number) || matched.has(number)) continue;
    matched.add(number);
    subjectIds.add(p.subjectId);
  }
  return { n: distinct.size, subjectIds };
}

/** Open-ended: the partner sent no end (an end that was sent but is unreadable is not an open end). */
export const isOpenEnded = (m: MedicationRow) => m.end === null && m.unreadableEnd === null;

export interface DrugCount {
  drug: string;
  /** Group members with a record of the drug, and their share of N to one decimal (null when N is 0). */
  subjects: number;
  percent: number | null;
  /** Records of the drug, all subjects; open-ended ones among them. */
  records: number;
  openEnded: number;
}

/** Per drug, by falling number of subjects, then by name. */
export function drugCounts(meds: readonly MedicationRow[], population: StudyPopulation): DrugCount[] {
  const byDrug = new Map<string, { subjects: Set<string>; records: number; openEnded: number }>();
  for (const m of meds) {
    let d = byDrug.get(m.drug);
    if (!d) {
      d = { subjects: new Set(), records: 0, openEnded: 0 };
      byDrug.set(m.drug, d);
    }
    d.records++;
    if (isOpenEnded(m)) d.openEnded++;
    if (m.subjectId !== null && population.subjectIds.has(m.subjectId)) d.subjects.add(m.subjectId);
  }
  return [...byDrug.entries()]
    .map(([drug, d]) => ({
      drug,
      subjects: d.subjects.size,
      percent: percentOf(d.subjects.size, population.n),
      records: d.records,
      openEnded: d.openEnded,
    }))
    .sort((a, b) => b.subjects - a.subjects || (a.drug < b.drug ? -1 : a.drug > b.drug ? 1 : 0));
}

export interface MedicationDataCounts {
  records: number;
  noDose: number;
  noStart: number;
  openEnded: number;
  unreadableDates: number;
  /** Records whose reference names no Patient, and records of subjects outside the Group (and how many subjects). */
  noSubject: number;
  outsideGroup: { records: number; subjects: number };
  /** Records whose id repeats one sent before. */
  repeatedIds: number;
}

export function medicationCounts(meds: readonly MedicationRow[], population: StudyPopulation): MedicationDataCounts {
  const c = { records: meds.length, noDose: 0, noStart: 0, openEnded: 0, unreadableDates: 0, noSubject: 0 };
  const outside = new Set<string>();
  let outsideRecords = 0;
  const ids = new Set<string>();
  let repeatedIds = 0;
  for (const m of meds) {
    if (m.dose === null) c.noDose++;
    if (m.start === null && m.unreadableStart === null) c.noStart++;
    if (isOpenEnded(m)) c.openEnded++;
    if (m.unreadableStart !== null || m.unreadableEnd !== null) c.unreadableDates++;
    if (m.subjectId === null) c.noSubject++;
    else if (!population.subjectIds.has(m.subjectId)) {
      outsideRecords++;
      outside.add(m.subjectId);
    }
    if (ids.has(m.id)) repeatedIds++;
    else ids.add(m.id);
  }
  return { ...c, outsideGroup: { records: outsideRecords, subjects: outside.size }, repeatedIds };
}
