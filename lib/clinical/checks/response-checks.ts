/**
 * The RECIST 1.1 data checks of a study (docs/clinical-rules.md, Data checks): each subject's assessments
 * recomputed by the portal's own rules (lib/clinical/response), then every rule of the response family, in one pass.
 */

import { complete, type Sliced } from "../common/sliced";
import { type SubjectAssessments, subjectAssessments } from "../response/assessment-response";
import type { AssessmentRow } from "../response/assessments";
import type { LesionRow } from "../response/lesion-rows";
import { type JoinCounts, responseRecordsSliced, type SubjectRecords } from "../response/subject-records";
import { afterProgressionFindings } from "./after-progression";
import { baselineFindings } from "./baseline-selection";
import type { Finding } from "./finding";
import { intervalFindings, usualIntervals } from "./intervals";
import { lesionFindings } from "./lesion-continuity";
import { reportedValueFindings } from "./reported-values";

export interface ResponseChecks {
  findings: Finding[];
  /** Subjects with a baseline, whose assessments the rules checked. */
  checked: number;
  /** Subjects with assessments but no baseline: nothing can be recomputed for them. */
  withoutBaseline: string[];
  /** Assessments dated before the baseline or without a readable date: set aside, not checked. */
  setAside: number;
  /** What the join of assessments and lesions could not place. */
  joins: JoinCounts;
}

export const responseChecks = (assessments: readonly AssessmentRow[], lesions: readonly LesionRow[]): ResponseChecks =>
  complete(responseChecksSliced(assessments, lesions));

/** responseChecks() in slices (../sliced.ts): pause points in the join and after every subject. */
export function* responseChecksSliced(
  assessments: readonly AssessmentRow[],
  lesions: readonly LesionRow[],
): Sliced<ResponseChecks> {
  const records = yield* responseRecordsSliced(assessments, lesions);
  const subjects: { records: SubjectRecords; assessed: SubjectAssessments }[] = [];
  for (const r of records.subjects.values()) {
    subjects.push({ records: r, assessed: subjectAssessments(r) });
    yield;
  }
  const withBaseline = subjects.filter((s) => s.assessed.baseline !== null);
  const usual = usualIntervals(withBaseline.map((s) => s.assessed));
  const findings: Finding[] = [];
  for (const { records: r, assessed } of withBaseline) {
    findings.push(
      ...baselineFindings(r, assessed),
      ...reportedValueFindings(r, assessed),
      ...lesionFindings(r, assessed),
      ...intervalFindings(r.subjectId, assessed, usual),
      ...afterProgressionFindings(r.subjectId, assessed),
    );
    yield;
  }
  const setAside = (a: SubjectAssessments) => a.beforeBaseline.length + a.undated.length;
  return {
    findings,
    checked: withBaseline.length,
    withoutBaseline: subjects
      .filter((s) => s.assessed.baseline === null)
      .map((s) => s.records.subjectId)
      .sort(),
    setAside: withBaseline.reduce((n, s) => n + setAside(s.assessed), 0),
    joins: records.counts,
  };
}
