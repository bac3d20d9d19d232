/**
 * Assessments after progression that a best overall response must not count (docs/clinical-rules.md, Data checks):
 * RECIST 1.1 counts the assessments up to and including the first progression. A subject is a finding when
 * counting the later ones too would give a better best response, as signed or as recomputed: the data invite a
 * best response that the rules do not allow.
 */
import type { AssessmentResponse, SubjectAssessments } from "../response/assessment-response";
import { bestResponse, DEFAULT_RESPONSE_OPTIONS, type TrackPoint } from "../response/best-response";
import { NON_CR_NON_PD, type Response } from "../response/timepoint";
import type { Finding } from "./finding";

/** CR > PR > SD and Non-CR/Non-PD > PD > NE (docs/clinical-rules.md, Best overall response). */
const RANK: Record<Response, number> = { NE: 0, PD: 1, SD: 2, [NON_CR_NON_PD]: 2, PR: 3, CR: 4 };

const BASES = [
  ["signed", (a: AssessmentResponse) => a.signed],
  ["recomputed", (a: AssessmentResponse) => a.overall],
] as const;

export function afterProgressionFindings(subjectId: string, s: SubjectAssessments): Finding[] {
  const after = s.assessments.slice(1);
  const nonTargetOnly = s.baseline !== null && s.baseline.targets === 0 && s.baseline.nonTargets > 0;
  const out: Finding[] = [];
  for (const [basis, pick] of BASES) {
    const track = after.map((a): TrackPoint => ({ key: a.row.key, day: a.day, response: pick(a) }));
    const ruled = bestResponse(track, DEFAULT_RESPONSE_OPTIONS, nonTargetOnly);
    if (ruled.afterProgression === 0 || ruled.progression === null) continue;
    const every = bestCountingAll(track, ruled.bor, nonTargetOnly);
    if (RANK[every] <= RANK[ruled.bor]) continue;
    const pd = after[ruled.counted - 1];
    const later = after.slice(ruled.counted);
    out.push({
      rule: "after-progression",
      subjectId,
      date: later[0].row.date,
      records: [...later, pd].map((a) => ({ kind: "assessment", key: a.row.key })),
      found:
        `best response ${basis} counting the ${later.length} assessment${later.length === 1 ? "" : "s"} after ` +
        `progression: ${every}`,
      expected: `${ruled.bor}, counting up to the first progression (${pd.row.name ?? pd.row.key}, ${pd.row.date})`,
    });
  }
  return out;
}

/**
 * The best response if no progression ended the count: the rules' best response over every assessment but the
 * progressions (which would end it), or PD when that is no better than the progression itself.
 */
function bestCountingAll(track: readonly TrackPoint[], ruled: Response, nonTargetOnly: boolean): Response {
  const bor = bestResponse(
    track.filter((p) => p.response !== "PD"),
    DEFAULT_RESPONSE_OPTIONS,
    nonTargetOnly,
  ).bor;
  return RANK[bor] > RANK[ruled] ? bor : ruled;
}
