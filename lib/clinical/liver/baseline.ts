/**
 * Each subject's baseline ALT, AST and total bilirubin for the view in multiples of baseline (docs/clinical-rules.md,
 * Multiples of baseline): the last usable result collected on or before the day of the first dose of the study
 * drug (a result of that day is the pre-dose sample of the scheduled visit). A subject without a known first dose
 * falls back on its earliest dated result, and the page counts such subjects; a subject with a first dose but no
 * result up to it has no baseline of that test (a result after the first dose could already show the drug's effect).
 */
import type { LiverResult, LiverResults, LiverTest } from "./peaks";

export interface Baseline extends LiverResult {
  /** `pre-dose`: the last result up to the first dose; `first-result`: the earliest result (no known first dose). */
  from: "pre-dose" | "first-result";
}

export type SubjectBaselines = Partial<Record<LiverTest, Baseline>>;

/** A result's place in time: its date, then its collection time as sent (results of one day in their order). */
const later = (a: LiverResult, b: LiverResult) =>
  (a.date as string) > (b.date as string) || (a.date === b.date && (a.collectedAt ?? "") >= (b.collectedAt ?? ""));

export function liverBaselines(
  read: Pick<LiverResults, "usable">,
  firstDoseOf: (subjectId: string) => string | null,
): Map<string, SubjectBaselines> {
  const out = new Map<string, SubjectBaselines>();
  for (const r of read.usable) {
    if (r.date === null) continue;
    const firstDose = firstDoseOf(r.subjectId);
    if (firstDose !== null && r.date > firstDose) continue;
    let subject = out.get(r.subjectId);
    if (!subject) {
      subject = {};
      out.set(r.subjectId, subject);
    }
    const kind = r.kind as LiverTest;
    const best = subject[kind];
    // Up to the first dose: the last result (of equal times, the later sent). Without a first dose: the earliest
    // (of equal times, the first sent).
    const better = !best || (firstDose !== null ? later(r, best) : !later(r, best));
    if (better) subject[kind] = { ...r, from: firstDose !== null ? "pre-dose" : "first-result" };
  }
  return out;
}
