/**
 * Lesions followed from baseline (docs/clinical-rules.md, Data checks): a target or non-target that appears after
 * baseline without being a new lesion, and a baseline target that stops being measured. A lesion is the same
 * lesion by its label from one assessment to the next.
 */
import type { AssessmentResponse, SubjectAssessments } from "../response/assessment-response";
import type { LesionRow } from "../response/lesion-rows";
import { targetContribution } from "../response/lesion-rules";
import type { SubjectRecords } from "../response/subject-records";
import type { Finding, FindingRecord } from "./finding";

const nameOf = (a: AssessmentResponse) => `${a.row.name ?? a.row.key} (${a.row.date})`;
const lesionRecord = (l: LesionRow, assessmentKey: string): FindingRecord => ({
  kind: "lesion",
  key: l.key ?? l.label ?? "(no ID)",
  assessmentKey,
});

export function lesionFindings(records: SubjectRecords, assessed: SubjectAssessments): Finding[] {
  const base = assessed.baseline;
  if (!base) return [];
  const readings = (a: AssessmentResponse) => records.lesions.get(a.row.key) ?? [];
  const followUps = assessed.assessments.slice(1);
  return [
    ...appearing(records.subjectId, readings(base), followUps, readings),
    ...stopping(records.subjectId, base, followUps, readings),
  ];
}

type Readings = (a: AssessmentResponse) => readonly LesionRow[];

/** Targets and non-targets first seen after baseline in their category: one finding per lesion, where it appears. */
function appearing(
  subjectId: string,
  atBaseline: readonly LesionRow[],
  followUps: readonly AssessmentResponse[],
  readings: Readings,
): Finding[] {
  const before = new Map(atBaseline.map((l) => [l.label, l.category]));
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const a of followUps)
    for (const l of readings(a)) {
      if (l.label === null || l.category === "New lesion" || before.get(l.label) === l.category) continue;
      if (seen.has(l.label)) continue;
      seen.add(l.label);
      const was = before.get(l.label);
      out.push({
        rule: "lesion-appears",
        subjectId,
        date: a.row.date,
        records: [{ kind: "assessment", key: a.row.key }, lesionRecord(l, a.row.key)],
        found: `${l.label}, a ${l.category}, at ${nameOf(a)}`,
        expected: was
          ? `${l.label} is a ${was} at baseline`
          : `no ${l.label} at baseline: only new lesions appear later`,
      });
    }
  return out;
}

/** Baseline targets without a measurement from some follow-up to the last: one finding each, where it stops. */
function stopping(
  subjectId: string,
  base: AssessmentResponse,
  followUps: readonly AssessmentResponse[],
  readings: Readings,
): Finding[] {
  if (followUps.length === 0) return [];
  const out: Finding[] = [];
  for (const t of readings(base)) {
    if (t.category !== "Target" || t.label === null) continue;
    const measured = (a: AssessmentResponse) =>
      readings(a).some((l) => l.label === t.label && l.category === "Target" && targetContribution(l) !== null);
    let from = followUps.length;
    while (from > 0 && !measured(followUps[from - 1])) from--;
    if (from === followUps.length) continue;
    const stop = followUps[from];
    const last = followUps.length - from;
    out.push({
      rule: "target-stops",
      subjectId,
      date: stop.row.date,
      records: [{ kind: "assessment", key: stop.row.key }, lesionRecord(t, base.row.key)],
      found:
        `${t.label} not measured from ${nameOf(stop)} on` +
        (last === 1 ? " (the last assessment)" : `, ${last} assessments to the last`),
      expected: `${t.label} measured at every assessment`,
    });
  }
  return out;
}
