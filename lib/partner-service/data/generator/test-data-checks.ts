/**
 * The issue-10 data checks, written once more for the generator's tests (not a
 * test file itself): from the served rows only, as the portal sees them, each
 * rule lists the records that break it. The default demo must break exactly
 * where dataset_info says it does, and data generated without imperfections
 * nowhere. RECIST arithmetic comes from the generator's own statement of the
 * rules (recist-rules.ts); nothing here is imported by the portal.
 */
import { nonTargetResponse, overallResponse, RESPONSE_LABEL, targetResponse, targetSum } from "./recist-rules";
import {
  type AssessmentRow,
  all,
  assessments,
  type Db,
  daysBetween,
  imperfections,
  type LesionRow,
  lesionsByRow,
} from "./test-fixture";

export type Rule =
  | "conclusion"
  | "sum"
  | "changes"
  | "baseline-selection"
  | "lesion-appears"
  | "target-stops"
  | "interval"
  | "after-progression"
  | "ae-end-before-start"
  | "ae-without-grade"
  | "lab-without-unit"
  | "vital-without-unit";

export interface Finding {
  rule: Rule;
  /** assessment_id, lab_results.id, vital_signs.id or ae_key. */
  key: string;
}

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

/** The response rules of one subject's served assessments. */
function seriesFindings(series: AssessmentRow[], byRow: Map<number, LesionRow[]>): Finding[] {
  const found: Finding[] = [];
  const add = (rule: Rule, r: AssessmentRow) => found.push({ rule, key: r.assessment_id });
  const lesionsOf = (r: AssessmentRow) => byRow.get(r.row_id) ?? [];
  const targetsOf = (r: AssessmentRow) => lesionsOf(r).filter((l) => l.category === "Target");
  const base = series[0];
  const atBaseline = new Map(lesionsOf(base).map((l) => [l.label, l.category]));
  if (base.timepoint !== 0 || !baselineSelection(targetsOf(base))) add("baseline-selection", base);
  const sums: (number | null)[] = [];
  let progressed = false;
  series.forEach((r, k) => {
    const sum = targetSum(targetsOf(r).map(reading));
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
    const labels = new Set(targetsOf(r).map((l) => l.label));
    if ([...atBaseline].some(([label, category]) => category === "Target" && !labels.has(label)))
      add("target-stops", r);
    if (lesionsOf(r).some((l) => l.category !== "New lesion" && atBaseline.get(l.label) !== l.category))
      add("lesion-appears", r);
    const [baseline, nadir, previous] = [sums[0], Math.min(...known), known[known.length - 1]];
    const change = (ref: number | null) => (sum === null || ref === null ? null : r1(sum - ref));
    const changes = [
      [r.change_baseline, change(baseline)],
      [r.change_previous, change(previous ?? null)],
      [r.change_nadir, change(known.length ? nadir : null)],
    ] as const;
    if (changes.some(([reported, recomputed]) => differs(reported, recomputed))) add("changes", r);
    const target = targetResponse({
      baselineSum: baseline ?? 0,
      nadirSum: known.length ? nadir : 0,
      currentSum: sum,
      targets: targetsOf(r).map(reading),
    });
    const nonTarget = nonTargetResponse(
      lesionsOf(r)
        .filter((l) => l.category === "Non-target")
        .map(reading),
    );
    const overall = overallResponse(
      target,
      nonTarget,
      lesionsOf(r).some((l) => l.category === "New lesion"),
    );
    if (r.conclusion !== RESPONSE_LABEL[overall]) add("conclusion", r);
    progressed ||= overall === "PD" || r.conclusion === RESPONSE_LABEL.PD;
  });
  // A target left unmeasured at the last assessment has, as far as anyone can see, stopped being measured.
  const last = series[series.length - 1];
  if (series.length > 1 && targetsOf(last).some((t) => t.state === "Not assessed" || t.state === "Not evaluable"))
    add("target-stops", last);
  return found;
}

const keys = (db: Db, rule: Rule, sql: string): Finding[] =>
  all<{ key: string }>(db, sql).map(({ key }) => ({ rule, key }));

/** Every finding of the data set, response rules first, then adverse events, laboratory and vital signs. */
export function dataFindings(db: Db): Finding[] {
  const byRow = lesionsByRow(db);
  return [
    ...servedSeries(db).flatMap((s) => seriesFindings(s, byRow)),
    ...keys(
      db,
      "ae-end-before-start",
      "SELECT ae_key AS key FROM adverse_events WHERE end_date < substr(start_at, 1, 10)",
    ),
    ...keys(db, "ae-without-grade", "SELECT ae_key AS key FROM adverse_events WHERE grade IS NULL"),
    ...keys(db, "lab-without-unit", "SELECT id AS key FROM lab_results WHERE value IS NOT NULL AND unit IS NULL"),
    ...keys(db, "vital-without-unit", "SELECT id AS key FROM vital_signs WHERE value IS NOT NULL AND unit IS NULL"),
  ];
}

/** What each recorded imperfection must make the checks find, by kind (imperfections.ts). */
export const RULES_OF_KIND: Readonly<Record<string, readonly Rule[]>> = {
  assessment_conclusion_mismatch: ["conclusion"],
  // The changes are computed from the wrong sum, so they are wrong by as much.
  assessment_sum_mismatch: ["sum", "changes"],
  assessment_missed_follow_up: ["interval"],
  lab_missing_unit: ["lab-without-unit"],
  ae_end_before_start: ["ae-end-before-start"],
  ae_missing_grade: ["ae-without-grade"],
};

/** The findings as sorted "rule key" lines. */
export const findingLines = (db: Db): string[] =>
  dataFindings(db)
    .map((f) => `${f.rule} ${f.key}`)
    .sort();

/** The findings the recorded imperfections must give, as sorted "rule key" lines. */
export const plantedLines = (db: Db): string[] =>
  imperfections(db)
    .flatMap((i) => i.records.flatMap((r) => RULES_OF_KIND[i.kind].map((rule) => `${rule} ${r.key}`)))
    .sort();
