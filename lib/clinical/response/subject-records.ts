/**
 * A study's assessments and lesion readings gathered per subject, each reading under the assessment it belongs
 * to (docs/clinical-rules.md, Tumour response: "Which lesions belong to which assessment"). What cannot be
 * placed is counted by reason.
 */

import { complete, ROWS_PER_PAUSE, type Sliced } from "../common/sliced";
import type { AssessmentRow } from "./assessments";
import { type LesionRow, lesionProblem } from "./lesion-rows";

export interface SubjectRecords {
  subjectId: string;
  /** The subject's distinct assessments, in the order sent. */
  assessments: AssessmentRow[];
  /** Lesion readings by the key of their assessment. */
  lesions: Map<string, LesionRow[]>;
}

export interface JoinCounts {
  /** Assessments whose subject reference names no Patient. */
  assessmentsWithoutSubject: number;
  /** Assessments sent again under a key already seen (the first is kept). */
  duplicateAssessments: number;
  /** Lesion rows that cannot be used at all, by reason (see lesionProblem). */
  unreadLesions: Map<string, number>;
  /** Readable lesion rows of no assessment of their subject. */
  lesionsWithoutAssessment: number;
  /** Lesion rows sent again under a lesion ID already seen (the first is kept). */
  duplicateLesions: number;
}

export interface ResponseRecords {
  subjects: Map<string, SubjectRecords>;
  counts: JoinCounts;
}

/**
 * Gathers the records per subject. `population` (e.g. the Group's subjects) adds subjects that have no
 * assessment at all, so that they are listed as not evaluable rather than missing.
 */
export const responseRecords = (
  assessments: readonly AssessmentRow[],
  lesions: readonly LesionRow[],
  population: readonly string[] = [],
): ResponseRecords => complete(responseRecordsSliced(assessments, lesions, population));

/** responseRecords() in slices (../sliced.ts). */
export function* responseRecordsSliced(
  assessments: readonly AssessmentRow[],
  lesions: readonly LesionRow[],
  population: readonly string[] = [],
): Sliced<ResponseRecords> {
  const counts: JoinCounts = {
    assessmentsWithoutSubject: 0,
    duplicateAssessments: 0,
    unreadLesions: new Map(),
    lesionsWithoutAssessment: 0,
    duplicateLesions: 0,
  };
  const subjects = new Map<string, SubjectRecords>();
  const subject = (id: string) => {
    let s = subjects.get(id);
    if (!s) {
      s = { subjectId: id, assessments: [], lesions: new Map() };
      subjects.set(id, s);
    }
    return s;
  };
  for (const id of population) subject(id);
  const byKey = new Map<string, AssessmentRow>();
  for (const a of assessments) {
    if (a.subjectId === null) counts.assessmentsWithoutSubject++;
    else if (byKey.has(a.key)) counts.duplicateAssessments++;
    else {
      byKey.set(a.key, a);
      subject(a.subjectId).assessments.push(a);
    }
  }
  yield* placeLesions(lesions, subjects, byKey, counts);
  return { subjects, counts };
}

function* placeLesions(
  lesions: readonly LesionRow[],
  subjects: Map<string, SubjectRecords>,
  byKey: Map<string, AssessmentRow>,
  counts: JoinCounts,
): Sliced<void> {
  const byDate = assessmentsByDate(subjects);
  const seen = new Set<string>();
  for (let i = 0; i < lesions.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const lesion = lesions[i];
    const problem = lesionProblem(lesion);
    if (problem !== null) {
      counts.unreadLesions.set(problem, (counts.unreadLesions.get(problem) ?? 0) + 1);
      continue;
    }
    if (lesion.key !== null) {
      if (seen.has(lesion.key)) {
        counts.duplicateLesions++;
        continue;
      }
      seen.add(lesion.key);
    }
    const key = assessmentOf(lesion, byKey, byDate);
    if (key === null) {
      counts.lesionsWithoutAssessment++;
      continue;
    }
    const list = subjects.get(lesion.subjectId as string)!.lesions;
    const readings = list.get(key);
    if (readings) readings.push(lesion);
    else list.set(key, [lesion]);
  }
}

/** Per subject and date, the keys of the assessments on that date. */
function assessmentsByDate(subjects: Map<string, SubjectRecords>): Map<string, string[]> {
  const byDate = new Map<string, string[]>();
  for (const s of subjects.values()) {
    for (const a of s.assessments) {
      if (a.date === null) continue;
      const at = `${s.subjectId}\u0000${a.date}`;
      const keys = byDate.get(at);
      if (keys) keys.push(a.key);
      else byDate.set(at, [a.key]);
    }
  }
  return byDate;
}

/**
 * The assessment named by the lesion ID when it is one of the same subject's; else the subject's only
 * assessment on the lesion's date; else none.
 */
function assessmentOf(
  lesion: LesionRow,
  byKey: Map<string, AssessmentRow>,
  byDate: Map<string, string[]>,
): string | null {
  const named = lesion.assessmentKey === null ? undefined : byKey.get(lesion.assessmentKey);
  if (named && named.subjectId === lesion.subjectId) return named.key;
  if (lesion.date === null) return null;
  const onDate = byDate.get(`${lesion.subjectId}\u0000${lesion.date}`);
  return onDate?.length === 1 ? onDate[0] : null;
}
