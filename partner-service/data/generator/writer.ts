/**
 * The only writer of the data tables: prepared statements with positional
 * parameters (the fastest path in better-sqlite3) and the dense per-study
 * `seq` numbering the service pages by. Rows arrive already in serving order,
 * so seq is simply a counter.
 */
import type { Database, Statement } from "better-sqlite3";
import type { StudyPlan, SubjectCtx } from "./generator-types";

export type Value = string | number | null;

const INSERTS = {
  studies: `INSERT INTO studies
    (study_number, sponsor_study_number, trial_name, criteria, agent, title)
    VALUES (?, ?, ?, ?, ?, ?)`,
  subjects: `INSERT INTO subjects
    (subject_id, study_number, seq, subject_study_id, mrn, gender, birth_year, race, ethnicity)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  adverse_events: `INSERT INTO adverse_events
    (ae_key, study_number, seq, subject_id, ae_no, seq_no, term, grade, ctcae_version, start_at, end_date, ongoing,
     outcome, causality, verified)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  assessments: `INSERT INTO assessments
    (row_id, assessment_id, case_id, study_number, subject_id, case_revision, assessment_revision, revision_date,
     pi_signed, name, timepoint, current_value, change_previous, change_baseline, change_nadir, effective_at,
     conclusion)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  lesions: `INSERT INTO lesions
    (row_id, lesion_id, assessment_row, study_number, subject_id, organ, category, state, is_node, series_number,
     series_description, instance_number, modality, label, change_previous, change_baseline, change_nadir,
     effective_at, value, unit)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  lab_results: `INSERT INTO lab_results
    (id, study_number, seq, subject_id, service_code, test_code, visit, collected_at, issued, practitioner_id, value,
     value_string, unit, reference_range)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  vital_signs: `INSERT INTO vital_signs
    (id, study_number, seq, subject_id, service_code, item_type, visit, collected_at, issued, practitioner_id, value,
     value_string, unit)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  medications: `INSERT INTO medications
    (id, study_number, seq, subject_id, record_id, source_table, rule_def, drug, start_at, end_at, source_type,
     dosage_text, route, method, dose_value, dose_unit, rate_unit)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  dataset_info: "INSERT INTO dataset_info (key, value) VALUES (?, ?)",
} as const;

export type Table = keyof typeof INSERTS;

export class Writer {
  readonly rows: Record<Table, number>;
  private readonly statements: Record<Table, Statement>;
  private seq = { subjects: 0, adverse_events: 0, lab_results: 0, vital_signs: 0, medications: 0 };
  private assessmentRow: number;
  private lesionRow: number;

  constructor(db: Database) {
    const tables = Object.keys(INSERTS) as Table[];
    this.statements = Object.fromEntries(tables.map((t) => [t, db.prepare(INSERTS[t])])) as Record<Table, Statement>;
    this.rows = Object.fromEntries(tables.map((t) => [t, 0])) as Record<Table, number>;
    const max = (table: string) =>
      (db.prepare(`SELECT COALESCE(MAX(row_id), 0) AS m FROM ${table}`).get() as { m: number }).m;
    this.assessmentRow = max("assessments");
    this.lesionRow = max("lesions");
  }

  /** seq numbering is dense per study: restart it. */
  beginStudy(plan: StudyPlan): void {
    this.seq = { subjects: 0, adverse_events: 0, lab_results: 0, vital_signs: 0, medications: 0 };
    this.run("studies", [
      plan.studyNumber,
      plan.sponsorStudyNumber,
      plan.trialName,
      plan.criteria,
      plan.agent,
      plan.title,
    ]);
  }

  subject(studyNumber: string, s: SubjectCtx): void {
    const seq = ++this.seq.subjects;
    this.run("subjects", [
      s.subjectId,
      studyNumber,
      seq,
      s.subjectStudyId,
      s.mrn,
      s.gender,
      s.birthYear,
      s.race,
      s.ethnicity,
    ]);
  }

  /** Values after (key, study_number), i.e. from subject_id on. */
  adverseEvent(key: string, studyNumber: string, rest: Value[]): void {
    this.run("adverse_events", [key, studyNumber, ++this.seq.adverse_events, ...rest]);
  }

  /** Values from assessment_id on; returns the new row_id. */
  assessment(values: Value[]): number {
    const rowId = ++this.assessmentRow;
    this.run("assessments", [rowId, ...values]);
    return rowId;
  }

  lesion(values: Value[]): void {
    this.run("lesions", [++this.lesionRow, ...values]);
  }

  lab(id: string, studyNumber: string, rest: Value[]): void {
    this.run("lab_results", [id, studyNumber, ++this.seq.lab_results, ...rest]);
  }

  vital(id: string, studyNumber: string, rest: Value[]): void {
    this.run("vital_signs", [id, studyNumber, ++this.seq.vital_signs, ...rest]);
  }

  medication(id: string, studyNumber: string, rest: Value[]): void {
    this.run("medications", [id, studyNumber, ++this.seq.medications, ...rest]);
  }

  info(key: string, value: string): void {
    this.run("dataset_info", [key, value]);
  }

  private run(table: Table, values: Value[]): void {
    this.statements[table].run(values);
    this.rows[table]++;
  }
}
