/**
 * What TU, TR and RS share: each lesion reading under the assessment the portal places it in (docs/clinical-rules.md,
 * Which lesions belong to which assessment), that assessment's visit, and a lesion category in SDTM's terms.
 */
import type { AssessmentRow } from "../response/assessments";
import type { LesionCategory, LesionRow } from "../response/lesion-rows";
import type { SubjectRecords } from "../response/subject-records";
import { emptyVariable, variable } from "./dataset";

export interface TumourInput {
  study: string;
  /** Every DiagnosticReport row (one PI-signed assessment each). */
  assessments: readonly AssessmentRow[];
  /** Every imaging Observation row (one lesion reading each). */
  lesions: readonly LesionRow[];
  /** The tumour-response view's join: per subject, the readings under each assessment's key. */
  placed: ReadonlyMap<string, SubjectRecords>;
}

/** The assessment each placed reading belongs to; a reading the join could not place has none. */
export function placedAssessments(placed: ReadonlyMap<string, SubjectRecords>): Map<LesionRow, AssessmentRow> {
  const out = new Map<LesionRow, AssessmentRow>();
  for (const s of placed.values()) {
    const byKey = new Map(s.assessments.map((a) => [a.key, a]));
    for (const [key, readings] of s.lesions) for (const r of readings) out.set(r, byKey.get(key)!);
  }
  return out;
}

const CATEGORY_TERM: Readonly<Record<LesionCategory, string>> = {
  Target: "TARGET",
  "Non-target": "NON-TARGET",
  "New lesion": "NEW",
};

/** TARGET, NON-TARGET or NEW; the category as sent when it is none of them; null without one. */
export const categoryTerm = (l: LesionRow) => (l.category === null ? l.categoryText : CATEGORY_TERM[l.category]);

export const VISIT_VARIABLES = [
  variable("VISITNUM", "Visit Number", "integer", "the assessment's #Timepoint (0 at baseline)"),
  variable("VISIT", "Visit Name", "string", "the assessment's #Name (Baseline, Follow-up 1...)"),
];

/** VISITNUM and VISIT of an assessment; null for a reading of no assessment. */
export function visitCells(a: AssessmentRow | undefined) {
  return { VISITNUM: a?.timepoint ?? null, VISIT: a?.name ?? null };
}

const NO_MODALITY = "empty: the lesion rows the portal keeps do not carry #Modality";
const NO_READER = "empty: the partner service does not say who read the lesion";

/** --METHOD and --EVAL of TU and TR, which SDTMIG expects and the pack cannot fill. */
export const METHOD_VARIABLES = {
  TUMETHOD: emptyVariable("TUMETHOD", "Method of Identification", "string", NO_MODALITY),
  TUEVAL: emptyVariable("TUEVAL", "Evaluator", "string", NO_READER),
  TRMETHOD: emptyVariable("TRMETHOD", "Method Used to Identify the Tumor/Lesion", "string", NO_MODALITY),
  TREVAL: emptyVariable("TREVAL", "Evaluator", "string", NO_READER),
};
