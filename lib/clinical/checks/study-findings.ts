/**
 * A study's findings of every rule in one order (docs/clinical-rules.md, Data checks): by rule as the rules are
 * listed, then subject, date and record; and the counts per rule.
 */
import { type Finding, RULE_IDS, type RuleId } from "./finding";

const ORDER = new Map<RuleId, number>(RULE_IDS.map((id, i) => [id, i]));
const text = (s: string | null) => s ?? "\uffff";
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (ORDER.get(a.rule) ?? 0) - (ORDER.get(b.rule) ?? 0) ||
      compare(text(a.subjectId), text(b.subjectId)) ||
      compare(text(a.date), text(b.date)) ||
      compare(a.records[0]?.key ?? "", b.records[0]?.key ?? ""),
  );
}

export interface RuleCount {
  rule: RuleId;
  findings: number;
  /** Distinct subjects among them (a finding of no subject counts none). */
  subjects: number;
}

/** One count per rule, in the rules' order, zeros included. */
export function countByRule(findings: readonly Finding[]): RuleCount[] {
  const subjects = new Map<RuleId, Set<string>>(RULE_IDS.map((id) => [id, new Set()]));
  const counts = new Map<RuleId, number>(RULE_IDS.map((id) => [id, 0]));
  for (const f of findings) {
    counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
    if (f.subjectId !== null) subjects.get(f.rule)?.add(f.subjectId);
  }
  return RULE_IDS.map((rule) => ({ rule, findings: counts.get(rule) ?? 0, subjects: subjects.get(rule)?.size ?? 0 }));
}
