/** The test database, read directly and read-only. */

import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import type { AssessmentRow } from "../../../partner-service/data/generator/test-fixture";
import type { LesionRow } from "../../../partner-service/resources/imaging";
import { type Endpoint, NO_SUCH_STUDY, STRUCTURE_BASE, sd } from "./addresses";
import type { Resource } from "./requests";
import { identifierValue } from "./resource-fields";

/** The server's database (PARTNER_DB_PATH in playwright.config.ts), opened read-only. */
export const DB_PATH = fileURLToPath(new URL("../../../data/e2e/partner-service.db", import.meta.url));

let dbHandle: Database.Database | undefined;

export function db(): Database.Database {
  dbHandle ??= new Database(DB_PATH, { readonly: true, fileMustExist: true });
  return dbHandle;
}

export interface StudyRow {
  study_number: string;
  sponsor_study_number: string;
  trial_name: string;
  criteria: string;
  agent: string;
}

export function dbStudies(): StudyRow[] {
  return db()
    .prepare(
      "SELECT study_number, sponsor_study_number, trial_name, criteria, agent FROM studies ORDER BY study_number",
    )
    .all() as StudyRow[];
}

export function dbStudy(study: string): StudyRow {
  const row = db()
    .prepare(
      "SELECT study_number, sponsor_study_number, trial_name, criteria, agent FROM studies WHERE study_number = ?",
    )
    .get(study) as StudyRow | undefined;
  if (!row) throw new Error(`study ${study} is not in the test database`);
  return row;
}

export interface SubjectRow {
  subject_id: string;
  study_number: string;
  subject_study_id: string;
  mrn: string;
  gender: string;
  birth_year: number;
  race: string;
  ethnicity: string;
}

export function dbSubjects(study?: string): SubjectRow[] {
  const cols = "subject_id, study_number, subject_study_id, mrn, gender, birth_year, race, ethnicity";
  return (
    study === undefined
      ? db().prepare(`SELECT ${cols} FROM subjects ORDER BY study_number, subject_id`).all()
      : db().prepare(`SELECT ${cols} FROM subjects WHERE study_number = ? ORDER BY subject_id`).all(study)
  ) as SubjectRow[];
}

export function dbCount(table: string, study: string): number {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table ${table}`);
  return (db().prepare(`SELECT count(*) AS n FROM ${table} WHERE study_number = ?`).get(study) as { n: number }).n;
}

export type AssessmentDbRow = Omit<AssessmentRow, "vis_seq">;

export function dbAssessments(study: string): AssessmentDbRow[] {
  return db()
    .prepare(
      `SELECT row_id, assessment_id, case_id, study_number, subject_id, case_revision, assessment_revision,
              revision_date, pi_signed, name, timepoint, current_value, change_previous, change_baseline,
              change_nadir, effective_at, conclusion
       FROM assessments WHERE study_number = ? ORDER BY assessment_id, case_revision, assessment_revision`,
    )
    .all(study) as AssessmentDbRow[];
}

/**
 * The assessment rows the visibility rules let out (docs/partner-service.md,
 * "Visibility rules", from the specification), computed from the raw rows (not
 * from the generator's `vis_seq`): only the highest case revision of a case is
 * available; within it, only the highest assessment revision of each
 * assessment; and that row only when the PI signed it off. An assessment whose
 * latest revision is unsigned is therefore not served at all (an older signed
 * revision is superseded, not a fallback).
 */
export function expectedVisibleAssessments(study: string): Map<string, AssessmentDbRow> {
  const latest = latestAssessmentRows(study);
  for (const [id, r] of latest) if (r.pi_signed !== 1) latest.delete(id);
  return latest;
}

/**
 * The latest row of each assessment (highest case revision of its case, then highest assessment revision), signed
 * or not.
 */
export function latestAssessmentRows(study: string): Map<string, AssessmentDbRow> {
  const rows = dbAssessments(study);
  const topCase = new Map<number, number>();
  for (const r of rows) topCase.set(r.case_id, Math.max(topCase.get(r.case_id) ?? -Infinity, r.case_revision));
  const latest = new Map<string, AssessmentDbRow>();
  for (const r of rows) {
    const cur = latest.get(r.assessment_id);
    const better =
      !cur ||
      r.case_revision > cur.case_revision ||
      (r.case_revision === cur.case_revision && r.assessment_revision > cur.assessment_revision);
    if (better) latest.set(r.assessment_id, r);
  }
  for (const [id, r] of latest) if (r.case_revision !== topCase.get(r.case_id)) latest.delete(id);
  return latest;
}

/** A lesion row as stored: the served columns plus the keys that tie it to its assessment. */
export interface LesionDbRow extends LesionRow {
  row_id: number;
  assessment_row: number;
  study_number: string;
}

export function dbLesions(study: string): LesionDbRow[] {
  return db()
    .prepare(
      `SELECT row_id, lesion_id, assessment_row, study_number, subject_id, organ, category, state, series_number,
              series_description, instance_number, modality, label, change_previous, change_baseline, change_nadir,
              effective_at, value, unit
       FROM lesions WHERE study_number = ? ORDER BY row_id`,
    )
    .all(study) as LesionDbRow[];
}

/** Studies the tests treat as RECIST 1.1 (the only criteria DiagnosticReport serves). */
export const isRecist = (s: StudyRow) => s.criteria === "RECIST 1.1";

/** Every study of the database plus one that does not exist. */
export function matrixStudies(): string[] {
  return [...dbStudies().map((s) => s.study_number), NO_SUCH_STUDY];
}

/** The record key of a served resource (docs/partner-service.md, "Filters": what `_Id` filters on). */
export function recordKey(e: Endpoint, r: Resource): string {
  switch (e.name) {
    case "AdverseEvent":
      return identifierValue(r, `${STRUCTURE_BASE}/`);
    case "DiagnosticReport":
      return identifierValue(r, sd("AssessmentId"));
    case "observation imaging":
      return identifierValue(r, sd("LesionIdentifier"));
    case "Patient":
    case "observation laboratory":
    case "observation vital-signs":
    case "MedicationStatement":
      return r.id as string;
    case "Group":
      return identifierValue(r, sd("IDB.Protocol"));
    default:
      throw new Error(`no key for ${e.name}`);
  }
}
