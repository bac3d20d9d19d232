/**
 * Each assessment's reported values against those the portal recomputes from its lesions (docs/clinical-rules.md,
 * Data checks): the signed conclusion, the target sum, and the changes from baseline, previous and nadir.
 */
import { type AssessmentResponse, reportedChangeMm, type SubjectAssessments } from "../response/assessment-response";
import { targetContribution } from "../response/lesion-rules";
import type { SubjectRecords } from "../response/subject-records";
import { RESPONSE_LABEL } from "../response/timepoint";
import { type Finding, mm, mmDiffer, type RuleId, signedMm, signedPercent } from "./finding";

/**
 * Without any target (none at baseline, none at the assessment) there is no target sum: a reported sum or change of
 * 0 mm, the sum of no lesion, is as good as none.
 */
const noneOrZero = (reported: number | null) => reported === null || reported === 0;

export function reportedValueFindings(records: SubjectRecords, assessed: SubjectAssessments): Finding[] {
  const out: Finding[] = [];
  const noTargetDisease = assessed.baseline?.targets === 0;
  for (const a of assessed.assessments) {
    const noTargets = noTargetDisease && a.targets === 0 && a.sum === null;
    const finding = (rule: RuleId, found: string, expected: string): Finding => ({
      rule,
      subjectId: records.subjectId,
      date: a.row.date,
      records: [{ kind: "assessment", key: a.row.key }],
      found,
      expected,
    });
    const conclusion = conclusionCheck(a);
    if (conclusion) out.push(finding("conclusion", ...conclusion));
    if (mmDiffer(a.row.targetSum, a.sum) && !(noTargets && noneOrZero(a.row.targetSum))) {
      const found = a.row.targetSum === null ? "no target sum reported" : `reported ${mm(a.row.targetSum)}`;
      out.push(finding("target-sum", found, recomputedSum(a, records)));
    }
    const changes = changesCheck(a, noTargets);
    if (changes) out.push(finding("changes", ...changes));
  }
  return out;
}

/** Found and expected when the signed conclusion is not the recomputed response; null when it is. */
function conclusionCheck(a: AssessmentResponse): [string, string] | null {
  const sent = a.row.conclusion === null ? "no conclusion" : `signed "${a.row.conclusion}"`;
  if (a.baseline) return a.signed === null ? null : [`${sent} at baseline`, "no response at baseline (Undefined)"];
  if (a.signed === a.overall || a.overall === null) return null;
  const percent = a.percentFromBaseline === null ? "" : ` (${signedPercent(a.percentFromBaseline)} from baseline)`;
  const lesions = a.newLesion ? "a new lesion" : "no new lesion";
  const targets = a.target === "None" ? "no target lesion (RECIST 1.1 Table 2)" : `targets ${a.target}${percent}`;
  return [sent, `${RESPONSE_LABEL[a.overall]}: ${targets}, non-targets ${a.nonTarget}, ${lesions}`];
}

/** The recomputed sum in words, or why there is none. */
function recomputedSum(a: AssessmentResponse, records: SubjectRecords): string {
  if (a.sum !== null) return `${mm(a.sum)}, the sum of ${a.targets} target${a.targets === 1 ? "" : "s"}`;
  const targets = (records.lesions.get(a.row.key) ?? []).filter((l) => l.category === "Target");
  const unmeasured = targets.filter((t) => targetContribution(t) === null).map((t) => t.label ?? t.key ?? "?");
  const why = [
    ...(unmeasured.length ? [`${unmeasured.join(", ")} not measured`] : []),
    ...(a.missingTargets.length ? [`${a.missingTargets.join(", ")} not read`] : []),
  ];
  return why.length ? `no sum: ${why.join("; ")}` : "no sum: no target lesion";
}

const CHANGES = [
  ["baseline", "changeFromBaseline"],
  ["previous", "changeFromPrevious"],
  ["nadir", "changeFromNadir"],
] as const;

/** Found and expected for the changes that disagree; null when none does. */
function changesCheck(a: AssessmentResponse, noTargets: boolean): [string, string] | null {
  const differ = CHANGES.filter(([, field]) => {
    const reported = reportedChangeMm(a.row[field]);
    return mmDiffer(reported, a[field]) && !(noTargets && noneOrZero(reported));
  });
  if (differ.length === 0) return null;
  const found = differ.map(([name, field]) => `from ${name} ${a.row[field] ?? "none"}`);
  const expected = differ.map(([name, field]) => {
    const change = a[field];
    return `from ${name} ${change === null ? "none" : signedMm(change)}`;
  });
  return [found.join("; "), expected.join("; ")];
}
