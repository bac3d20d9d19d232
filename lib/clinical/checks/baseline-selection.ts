/**
 * A subject's baseline targets against the RECIST 1.1 selection rules (docs/clinical-rules.md, Data checks): at
 * most 5 targets, at most 2 per organ (lymph nodes together are one organ), non-nodal targets at least 10 mm,
 * nodal targets at least 15 mm short axis, every target measured.
 */
import type { SubjectAssessments } from "../response/assessment-response";
import type { LesionRow } from "../response/lesion-rows";
import { targetContribution } from "../response/lesion-rules";
import type { SubjectRecords } from "../response/subject-records";
import { type Finding, mm } from "./finding";

export const MAX_TARGETS = 5;
export const MAX_TARGETS_PER_ORGAN = 2;
export const MIN_TARGET_MM = 10;
export const MIN_NODAL_TARGET_MM = 15;

const labelOf = (l: LesionRow) => l.label ?? l.key ?? "(no label)";
const labels = (list: readonly LesionRow[]) => list.map(labelOf).join(", ");

export function baselineFindings(records: SubjectRecords, assessed: SubjectAssessments): Finding[] {
  const base = assessed.baseline;
  if (!base) return [];
  const targets = (records.lesions.get(base.row.key) ?? []).filter((l) => l.category === "Target");
  const out: Finding[] = [];
  const add = (found: string, expected: string, lesions: readonly LesionRow[]) =>
    out.push({
      rule: "baseline-selection",
      subjectId: records.subjectId,
      date: base.row.date,
      records: [
        { kind: "assessment", key: base.row.key },
        ...lesions.map((l) => ({ kind: "lesion" as const, key: l.key ?? labelOf(l), assessmentKey: base.row.key })),
      ],
      found,
      expected,
    });
  if (targets.length > MAX_TARGETS)
    add(`${targets.length} targets (${labels(targets)})`, `at most ${MAX_TARGETS} targets`, targets);
  for (const [organ, list] of byOrgan(targets))
    if (list.length > MAX_TARGETS_PER_ORGAN)
      add(`${list.length} targets in ${organ} (${labels(list)})`, `at most ${MAX_TARGETS_PER_ORGAN} per organ`, list);
  for (const t of targets) {
    const size = targetContribution(t);
    if (size === null) add(`${labelOf(t)} not measured (${t.state ?? "no value"})`, "every target measured", [t]);
    else if (t.node && size < MIN_NODAL_TARGET_MM)
      add(`${labelOf(t)} ${mm(size)} short axis (a node)`, `a nodal target at least ${mm(MIN_NODAL_TARGET_MM)}`, [t]);
    else if (!t.node && size < MIN_TARGET_MM)
      add(`${labelOf(t)} ${mm(size)}`, `a non-nodal target at least ${mm(MIN_TARGET_MM)}`, [t]);
  }
  return out;
}

/**
 * Targets per organ, read in any case; lymph nodes, wherever they are, make one organ (RECIST 1.1). Targets
 * without an organ cannot be counted per organ and are left out of this count.
 */
function byOrgan(targets: readonly LesionRow[]): Map<string, LesionRow[]> {
  const groups = new Map<string, { name: string; list: LesionRow[] }>();
  for (const t of targets) {
    if (!t.node && t.organ === null) continue;
    const key = t.node ? "\u0000nodes" : (t.organ as string).toLowerCase();
    const group = groups.get(key) ?? { name: t.node ? "lymph nodes" : (t.organ as string), list: [] };
    group.list.push(t);
    groups.set(key, group);
  }
  return new Map([...groups.values()].map((g) => [g.name, g.list]));
}
