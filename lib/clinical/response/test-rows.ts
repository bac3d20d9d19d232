/**
 * Rows for the response tests, written short: `target("T1", 20)` is a target measured 20 mm, `node("T3", 8)`
 * a nodal target, `nonTarget("NT1", "Disappeared")`, `newLesion("NL1")`; `visit(...)` an assessment.
 * Test data only: no rule lives here.
 */
import type { AssessmentRow } from "./assessments";
import type { LesionRow } from "./lesion-rows";
import type { SubjectRecords } from "./subject-records";

const lesion = (
  label: string,
  category: LesionRow["category"],
  value: number | null,
  state: string | null,
  node: boolean,
): LesionRow => ({
  key: null,
  subjectId: "S1",
  assessmentKey: null,
  label,
  category,
  categoryText: category,
  organ: node ? "Lymph node" : "Liver",
  node,
  state,
  value,
  unit: "mm",
  date: null,
});

export const target = (label: string, value: number | null, state = "Present") =>
  lesion(label, "Target", value, state, false);
export const node = (label: string, value: number | null, state = "Present") =>
  lesion(label, "Target", value, state, true);
export const nonTarget = (label: string, state = "Present", value: number | null = null, isNode = false) =>
  lesion(label, "Non-target", value, state, isNode);
export const newLesion = (label = "NL1") => lesion(label, "New lesion", 12, "Present", false);

export function assessmentRow(key: string, date: string | null, over: Partial<AssessmentRow> = {}): AssessmentRow {
  return {
    key,
    subjectId: "S1",
    date,
    name: "Follow-up",
    timepoint: null,
    targetSum: null,
    unit: "mm",
    changeFromBaseline: null,
    changeFromPrevious: null,
    changeFromNadir: null,
    revisionDate: null,
    conclusion: null,
    ...over,
  };
}

export interface Visit {
  date: string | null;
  lesions: LesionRow[];
  over?: Partial<AssessmentRow>;
}

/** A subject's records: the first visit is the baseline (timepoint 0, `Undefined`), the others follow-ups. */
export function subject(visits: Visit[], subjectId = "S1"): SubjectRecords {
  const assessments = visits.map((v, i) =>
    assessmentRow(
      `A${i}`,
      v.date,
      i === 0
        ? { subjectId, name: "Baseline", timepoint: 0, conclusion: "Undefined", ...v.over }
        : { subjectId, timepoint: i, ...v.over },
    ),
  );
  return {
    subjectId,
    assessments,
    lesions: new Map(visits.map((v, i) => [`A${i}`, v.lesions.map((l) => ({ ...l, subjectId }))])),
  };
}
