/**
 * The response rules of the generator's data checks (test-data-checks.ts), from the served assessments and lesions
 * only: per subject, its baseline selection, the sums and changes as reported against those recomputed by the
 * generator's RECIST rules (recist-rules.ts), the conclusions, the intervals, and what came after a progression.
 * A subject without target lesions is read by RECIST 1.1 Table 2 as written out in test-table-two.ts.
 */
import { nonTargetResponse, overallResponse, RESPONSE_LABEL, targetResponse, targetSum } from "./recist-rules";
import type { Finding, Rule } from "./test-findings";
import { type AssessmentRow, assessments, type Db, daysBetween, type LesionRow, lesionsByRow } from "./test-fixture";
import { nonTargetOnlyBaseline, tableTwoConclusion } from "./test-table-two";

/**
 * Longest gap between two assessments in this data: follow-ups every 6 weeks (34-50 days with the scheduling
 * window), every 9 weeks after week 48 (55-71), 41-70 days from baseline to the first; a missed one leaves 76-92.
 */
export const LONGEST_USUAL_INTERVAL_DAYS = 72;

const r1 = (x: number) => Math.round(x * 10) / 10;
const reading = (l: LesionRow) => ({ state: l.state, isNode: l.is_node === 1, value: l.value });
const differs = (reported: number | null, recomputed: number | null) =>
  reported === null || recomputed === null ? reported !== recomputed : Math.abs(reported - recomputed) > 0.1 + 1e-9;

/** Every served assessment of every subject, baseline first. */
function servedSeries(db: Db): AssessmentRow[][] {
  const bySubject = new Map<string, AssessmentRow[]>();
  for (const r of assessments(db).filter((a) => a.vis_seq !== null))
    bySubject.set(r.subject_id, [...(bySubject.get(r.subject_id) ?? []), r]);
  return [...bySubject.values()].map((s) => s.sort((a, b) => a.timepoint - b.timepoint));
}

function baselineSelection(targets: LesionRow[]): boolean {
  const perOrgan = new Map<string, number>();
  for (const t of targets) perOrgan.set(t.organ, (perOrgan.get(t.organ) ?? 0) + 1);
  const sized = targets.every((t) => t.value !== null && t.value >= (t.is_node === 1 ? 15 : 10));
  return targets.length >= 1 && targets.length <= 5 && Math.max(...perOrgan.values()) <= 2 && sized;
}

/** One subject's lesions by assessment, and the category each lesion had at its baseline. */
interface SubjectLesions {
  of: (r: AssessmentRow) => LesionRow[];
  targetsOf: (r: AssessmentRow) => LesionRow[];
  atBaseline: Map<string, string>;
}

function subjectLesions(base: AssessmentRow, byRow: Map<number, LesionRow[]>): SubjectLesions {
  const of = (r: AssessmentRow) => byRow.get(r.row_id) ?? [];
  const targetsOf = (r: AssessmentRow) => of(r).filter((l) => l.category === "Target");
  return { of, targetsOf, atBaseline: new Map(of(base).map((l) => [l.label, l.category])) };
}

/** The response rules of one subject's served assessments. */
function seriesFindings(series: AssessmentRow[], byRow: Map<number, LesionRow[]>): Finding[] {
  const found: Finding[] = [];
  const add = (rule: Rule, r: AssessmentRow) => found.push({ rule, key: r.assessment_id });
  const base = series[0];
  const lesions = subjectLesions(base, byRow);
  const baseTargets = lesions.targetsOf(base);
  const selected = baseTargets.length ? baselineSelection(baseTargets) : nonTargetOnlyBaseline(lesions.of(base));
  if (base.timepoint !== 0 || !selected) add("baseline-selection", base);
  const sums: (number | null)[] = [];
  let progressed = false;
  series.forEach((r, k) => {
    const sum = targetSum(lesions.targetsOf(r).map(reading));
    if (differs(r.current_value, sum)) add("sum", r);
    if (progressed) add("after-progression", r);
    if (k > 0 && daysBetween(series[k - 1].effective_at, r.effective_at) > LONGEST_USUAL_INTERVAL_DAYS)
      add("interval", r);
    const known = sums.filter((s): s is number => s !== null);
    sums.push(sum);
    if (k === 0) {
      if (r.conclusion !== "Undefined") add("conclusion", r);
      return;
    }
    const { rules, conclusion } = followUpFindings(r, lesions, sum, sums[0], known);
    for (const rule of rules) add(rule, r);
    progressed ||= conclusion === RESPONSE_LABEL.PD || r.conclusion === RESPONSE_LABEL.PD;
  });
  // A target left unmeasured at the last assessment has, as far as anyone can see, stopped being measured.
  const last = series[series.length - 1];
  if (
    series.length > 1 &&
    lesions.targetsOf(last).some((t) => t.state === "Not assessed" || t.state === "Not evaluable")
  )
    add("target-stops", last);
  return found;
}

/**
 * The rules a follow-up assessment breaks, given its target sum, the baseline's and the known sums before it; and
 * its conclusion as recomputed (a progression makes every later assessment one after progression).
 */
function followUpFindings(
  r: AssessmentRow,
  lesions: SubjectLesions,
  sum: number | null,
  baseline: number | null,
  known: number[],
): { rules: Rule[]; conclusion: string } {
  const rules: Rule[] = [];
  const labels = new Set(lesions.targetsOf(r).map((l) => l.label));
  if ([...lesions.atBaseline].some(([label, category]) => category === "Target" && !labels.has(label)))
    rules.push("target-stops");
  if (lesions.of(r).some((l) => l.category !== "New lesion" && lesions.atBaseline.get(l.label) !== l.category))
    rules.push("lesion-appears");
  const [nadir, previous] = [Math.min(...known), known[known.length - 1]];
  const change = (ref: number | null) => (sum === null || ref === null ? null : r1(sum - ref));
  const changes = [
    [r.change_baseline, change(baseline)],
    [r.change_previous, change(previous ?? null)],
    [r.change_nadir, change(known.length ? nadir : null)],
  ] as const;
  if (changes.some(([reported, recomputed]) => differs(reported, recomputed))) rules.push("changes");
  const conclusion = recomputedConclusion(r, lesions, baseline ?? 0, known.length ? nadir : 0, sum);
  if (r.conclusion !== conclusion) rules.push("conclusion");
  return { rules, conclusion };
}

/**
 * The conclusion of an assessment, recomputed from its lesions: by the generator's RECIST rules, or by Table 2 when
 * the subject had no target at baseline.
 */
function recomputedConclusion(
  r: AssessmentRow,
  lesions: SubjectLesions,
  baselineSum: number,
  nadirSum: number,
  currentSum: number | null,
): string {
  if (![...lesions.atBaseline.values()].includes("Target")) return tableTwoConclusion(lesions.of(r));
  const target = targetResponse({ baselineSum, nadirSum, currentSum, targets: lesions.targetsOf(r).map(reading) });
  const nonTarget = nonTargetResponse(
    lesions
      .of(r)
      .filter((l) => l.category === "Non-target")
      .map(reading),
  );
  return RESPONSE_LABEL[
    overallResponse(
      target,
      nonTarget,
      lesions.of(r).some((l) => l.category === "New lesion"),
    )
  ];
}

/** The response findings of every subject, in the order of its served assessments. */
export function responseFindings(db: Db): Finding[] {
  const byRow = lesionsByRow(db);
  return servedSeries(db).flatMap((s) => seriesFindings(s, byRow));
}
