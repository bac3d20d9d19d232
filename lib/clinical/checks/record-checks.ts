/**
 * The data checks of the other record types (docs/clinical-rules.md, Data checks): an adverse event that ends before
 * it starts or has no grade, a numeric laboratory result without a unit. Each record is its own finding.
 */
import type { AdverseEventRow } from "../adverse-events/rows";
import { calendarDate } from "../common/dates";
import { complete, ROWS_PER_PAUSE, type Sliced } from "../common/sliced";
import { hasIssue } from "../measurements/issues";
import type { MeasurementRow } from "../measurements/rows";
import type { Finding } from "./finding";

export function adverseEventFindings(events: readonly AdverseEventRow[]): Finding[] {
  const out: Finding[] = [];
  // A record sent twice under one key is one event (docs/clinical-rules.md, Adverse events per subject).
  const seen = new Set<string>();
  for (const e of events) {
    if (seen.has(e.key)) continue;
    seen.add(e.key);
    const at = (rule: Finding["rule"], found: string, expected: string): Finding => ({
      rule,
      subjectId: e.subjectId,
      date: e.start,
      records: [{ kind: "adverse-event", key: e.key }],
      found,
      expected,
    });
    if (e.start !== null && e.end !== null && e.end < e.start)
      out.push(at("ae-end-before-start", `${e.term}: ends ${e.end}`, `an end on or after the start, ${e.start}`));
    if (e.grade === null) out.push(at("ae-no-grade", `${e.term}: no grade`, "a CTCAE grade from 1 to 5"));
  }
  return out;
}

/** Every collection date counts as readable here: the rule is about the unit, whatever the date. */
const anyDate = () => true;

export const laboratoryFindings = (results: readonly MeasurementRow[]): Finding[] =>
  complete(laboratoryFindingsSliced(results));

/** laboratoryFindings() in slices (../sliced.ts). */
export function* laboratoryFindingsSliced(results: readonly MeasurementRow[]): Sliced<Finding[]> {
  const out: Finding[] = [];
  for (let i = 0; i < results.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const r = results[i];
    if (!hasIssue(r, "no-unit", anyDate)) continue;
    out.push({
      rule: "lab-no-unit",
      subjectId: r.subjectId,
      date: calendarDate(r.collectedAt),
      records: [{ kind: "laboratory", key: r.id, test: r.test, collectedAt: r.collectedAt }],
      found: `${r.test} ${r.value}${r.visit ? ` at ${r.visit}` : ""}: no unit`,
      expected: "a unit",
    });
  }
  return out;
}
