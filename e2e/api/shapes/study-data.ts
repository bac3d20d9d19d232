/** Code sets, shared field checks and the database lookups of one study, for the shape checks. */
import {
  type AssessmentDbRow,
  type Check,
  db,
  dbLesions,
  dbStudy,
  dbSubjects,
  expectedVisibleAssessments,
  isRecist,
  type LesionDbRow,
  type Resource,
  type StudyRow,
  type SubjectRow,
} from "../fixtures";

// Code sets of docs/partner-service.md ("Resources" and "Decisions where the specification is silent").
export const AE_OUTCOME_CODES = ["resolved", "recovering", "ongoing", "resolvedWithSequelae", "fatal", "unknown"];
export const CAUSALITY_DISPLAYS = [
  "Certain",
  "Probably/Likely",
  "Possible",
  "Unlikely",
  "Conditional/Classified",
  "Unassessable/Unclassifiable",
];
export const CONCLUSIONS = [
  "Non-CR/Non-PD",
  "Progressive Disease",
  "Undefined",
  "Partial Response",
  "Not Evaluable",
  "Complete Response",
  "Stable Disease",
  "No",
  "Yes",
];
export const LESION_CATEGORIES = ["New lesion", "Non-target", "Target"];
export const LESION_STATES = [
  "Present",
  "Defined",
  "Stable/Improved",
  "Disappeared",
  "Undefined",
  "Uneqv. prog.",
  "Not evaluable",
  "Not assessed",
  "Too small",
];
export const GENDERS = ["male", "female", "other", "unknown"];
export const ASSESSMENT_NAME = /^(Baseline|Follow-up ([1-9]|1\d|2[0-5]))$/;
/** A CDC Race & Ethnicity code, e.g. `2106-3`, or `UNK` (unknown, as the generator writes it). */
export const CDC_CODE = /^(\d{4}-\d|UNK)$/;

/**
 * FHIR code systems the tables name ("the FHIR adverse-event outcome value set", "causality-assessment code
 * system").
 */
export const AE_OUTCOME_SYSTEMS = [
  "http://terminology.hl7.org/CodeSystem/adverse-event-outcome",
  "http://hl7.org/fhir/ValueSet/adverse-event-outcome",
  "http://hl7.org/fhir/adverse-event-outcome",
];
export const CAUSALITY_SYSTEMS = [
  "http://terminology.hl7.org/CodeSystem/adverse-event-causality-assess",
  "http://hl7.org/fhir/adverse-event-causality-assess",
];
export const RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm";

export const isAbsoluteUrl = (s: unknown) => typeof s === "string" && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(s);

/** Every extension URL is `<structure_base>#Name` or one of the CTC URLs, and listed in `allowed`. */
export function expectExtensionUrls(r: Resource, allowed: string[], what: string, c: Check): void {
  if (!c.ok(Array.isArray(r.extension), `${what}: extension[]`)) return;
  for (const x of r.extension ?? []) c.oneOf(x.url, allowed, `${what}: extension URL`);
}

export function expectCategory(r: Resource, code: string, display: string, what: string, c: Check): void {
  if (!c.ok(Array.isArray(r.category) && r.category.length === 1, `${what}: one category`)) return;
  const cat = r.category[0];
  c.eq(cat.text, display, `${what}: category.text`);
  if (!c.ok(Array.isArray(cat.coding) && cat.coding.length >= 1, `${what}: category.coding`)) return;
  c.eq(cat.coding[0].code, code, `${what}: category code`);
  c.eq(cat.coding[0].display, display, `${what}: category display`);
  c.ok(isAbsoluteUrl(cat.coding[0].system), `${what}: category system ${cat.coding[0].system}`);
}

export function expectSubject(r: Resource, subjectId: string, what: string, c: Check): void {
  c.eq(r.subject?.reference, `Patient/${subjectId}`, `${what}: subject.reference`);
}

/** Lookups of one study's database rows, built once per study per worker. */
export interface StudyData {
  study: StudyRow;
  subjects: Map<string, SubjectRow>;
  aes: Map<string, Record<string, unknown>>;
  visible: Map<string, AssessmentDbRow>;
  /** Lesions of the visible assessment rows, by lesion ID. */
  lesions: Map<string, LesionDbRow>;
  /** Visible assessment row_id -> its lesion IDs. */
  lesionsOf: Map<number, string[]>;
  assessmentByRow: Map<number, AssessmentDbRow>;
  labs: Map<string, Record<string, unknown>>;
  vitals: Map<string, Record<string, unknown>>;
  meds: Map<string, Record<string, unknown>>;
}

const cache = new Map<string, StudyData>();

function byKey(sql: string, study: string, key: string): Map<string, Record<string, unknown>> {
  const rows = db().prepare(sql).all(study) as Record<string, unknown>[];
  return new Map(rows.map((r) => [String(r[key]), r]));
}

export function studyData(studyNumber: string): StudyData {
  const hit = cache.get(studyNumber);
  if (hit) return hit;
  const study = dbStudy(studyNumber);
  // DiagnosticReports (and the lesions reached through them) exist only for RECIST 1.1 studies.
  const visible = isRecist(study) ? expectedVisibleAssessments(studyNumber) : new Map<string, AssessmentDbRow>();
  const assessmentByRow = new Map([...visible.values()].map((a) => [a.row_id, a]));
  const lesions = new Map<string, LesionDbRow>();
  const lesionsOf = new Map<number, string[]>();
  for (const l of dbLesions(studyNumber)) {
    if (!assessmentByRow.has(l.assessment_row)) continue;
    lesions.set(l.lesion_id, l);
    lesionsOf.set(l.assessment_row, [...(lesionsOf.get(l.assessment_row) ?? []), l.lesion_id]);
  }
  const data: StudyData = {
    study,
    subjects: new Map(dbSubjects(studyNumber).map((s) => [s.subject_id, s])),
    aes: byKey(
      `SELECT a.*, s.mrn FROM adverse_events a JOIN subjects s ON s.subject_id = a.subject_id WHERE a.study_number = ?`,
      studyNumber,
      "ae_key",
    ),
    visible,
    lesions,
    lesionsOf,
    assessmentByRow,
    labs: byKey("SELECT * FROM lab_results WHERE study_number = ?", studyNumber, "id"),
    vitals: byKey("SELECT * FROM vital_signs WHERE study_number = ?", studyNumber, "id"),
    meds: byKey("SELECT * FROM medications WHERE study_number = ?", studyNumber, "id"),
  };
  cache.set(studyNumber, data);
  return data;
}
