/**
 * The RECIST 1.1 data checks of a study (docs/clinical-rules.md, Data checks): each subject's assessments
 * recomputed by the portal's own rules (lib/clinical/response), then every rule of the response family, in one pass.
 */
import type { AssessmentRow } from "../assessments";
import { type SubjectAssessments, subjectAssessments } from "../response/assessment-response";
import type { LesionRow } from "../response/lesion-rows";
import { type JoinCounts, responseRecords } from "../response/subject-records";
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

export function responseChecks(assessments: readonly AssessmentRow[], lesions: readonly LesionRow[]): ResponseChecks {
  const records = responseRecords(assessments, lesions);
  const subjects = [...records.subjects.values()].map((r) => ({ records: r, assessed: subjectAssessments(r) }));
  const withBaseline = subjects.filter((s) => s.assessed.baseline !== null);
  const usual = usualIntervals(withBaseline.map((s) => s.assessed));
  const findings = withBaseline.flatMap(({ records: r, assessed }) => [
    ...baselineFindings(r, assessed),
    ...reportedValueFindings(r, assessed),
    ...lesionFindings(r, assessed),
    ...intervalFindings(r.subjectId, assessed, usual),
    ...afterProgressionFindings(r.subjectId, assessed),
  ]);
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
