/**
 * The study's subject list: the Group's members joined to Patients THROUGH
 * the `#SubjectStudyId` identifier (docs/partner-service.md, Decisions: members
 * point at the subject study number, not at Patient.id), with counts of adverse events and
 * response assessments. Nothing is dropped silently: a member without a
 * Patient, a Patient outside the Group and a record of an unknown subject all
 * show up, with a note saying what is odd.
 */
import { countBySubject, type SubjectRecord } from "./counts";
import type { SubjectDemographics } from "./demographics";

export interface SubjectListRow extends SubjectDemographics {
  subjectId: string;
  adverseEvents: number;
  assessments: number;
  /** What is wrong with this row, in words; null when nothing is. */
  note: string | null;
}

export interface SubjectListInput {
  members: readonly string[];
  patients: readonly SubjectDemographics[];
  adverseEvents: readonly SubjectRecord[];
  assessments: readonly SubjectRecord[];
}

export interface SubjectList {
  rows: SubjectListRow[];
  /** Records whose subject is on no row: counted so that the page can say so. */
  unmatched: { adverseEvents: number; assessments: number };
}

export const NOTE_NO_PATIENT =
  "In the study's Group, but the partner sent no Patient record with this subject study number.";
export const NOTE_NOT_IN_GROUP = "Patient record of this study, but not a member of the study's Group.";
export const NOTE_DUPLICATE = "Another Patient record has the same subject study number.";

export function buildSubjectList(input: SubjectListInput): SubjectList {
  const ae = countBySubject(input.adverseEvents);
  const dr = countBySubject(input.assessments);
  const row = (p: SubjectDemographics, note: string | null): SubjectListRow => ({
    ...p,
    adverseEvents: ae.get(p.subjectId) ?? 0,
    assessments: dr.get(p.subjectId) ?? 0,
    note,
  });
  const byNumber = new Map<string, SubjectDemographics>();
  for (const p of input.patients)
    if (p.subjectStudyNumber !== null && !byNumber.has(p.subjectStudyNumber)) byNumber.set(p.subjectStudyNumber, p);

  const rows: SubjectListRow[] = [];
  const listed = new Set<SubjectDemographics>();
  for (const number of new Set(input.members)) {
    const patient = byNumber.get(number);
    if (patient) listed.add(patient);
    rows.push(
      patient
        ? row(patient, null)
        : { ...memberWithoutPatient(number), adverseEvents: 0, assessments: 0, note: NOTE_NO_PATIENT },
    );
  }
  for (const p of input.patients) {
    if (listed.has(p)) continue;
    const duplicate = p.subjectStudyNumber !== null && byNumber.get(p.subjectStudyNumber) !== p;
    rows.push(row(p, duplicate ? NOTE_DUPLICATE : NOTE_NOT_IN_GROUP));
  }
  return { rows, unmatched: { adverseEvents: unmatched(ae, rows), assessments: unmatched(dr, rows) } };
}

function memberWithoutPatient(subjectStudyNumber: string): SubjectDemographics {
  return {
    subjectId: "",
    subjectStudyNumber,
    sex: null,
    birthYear: null,
    race: null,
    ethnicity: null,
    sponsorStudyNumber: null,
  };
}

function unmatched(counts: Map<string | null, number>, rows: readonly SubjectListRow[]): number {
  const onRows = new Set(rows.map((r) => r.subjectId).filter((id) => id !== ""));
  let n = 0;
  for (const [subject, count] of counts) if (subject === null || !onRows.has(subject)) n += count;
  return n;
}
