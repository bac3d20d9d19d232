/**
 * What a data cut reads of the data as they stand: the studies, the subjects still on study, their visits and
 * served assessments, and the rows no cut may touch (the generator's deliberate imperfections, which the docs and
 * tests name by key).
 */
import type { Database } from "better-sqlite3";
import type { ImperfectionSummary } from "../generator/imperfections";
import { type CutTable, type Held, rowsOf } from "./cut-rows";

export const END_OF_TREATMENT = "End of Treatment";

export interface StudyRef {
  study: string;
  recist: boolean;
}

export interface VisitRef {
  label: string;
  /** The first collection time of the visit (ISO date-time without zone, as stored). */
  at: string;
}

export function studiesOf(db: Database): StudyRef[] {
  const rows = db.prepare("SELECT study_number, criteria FROM studies ORDER BY study_number").all() as {
    study_number: string;
    criteria: string;
  }[];
  return rows.map((r) => ({ study: r.study_number, recist: r.criteria === "RECIST 1.1" }));
}

/**
 * Subjects still on study, in enrolment order: no End of Treatment visit and no fatal adverse event. (A subject
 * lost to follow-up has neither and counts as on study: the data cannot tell them apart.)
 */
export function subjectsOnStudy(db: Database, study: string): string[] {
  const rows = db
    .prepare(
      `SELECT s.subject_id FROM subjects s WHERE s.study_number = ?
         AND NOT EXISTS (SELECT 1 FROM lab_results l WHERE l.subject_id = s.subject_id AND l.visit = ?)
         AND NOT EXISTS (SELECT 1 FROM vital_signs v WHERE v.subject_id = s.subject_id AND v.visit = ?)
         AND NOT EXISTS (SELECT 1 FROM adverse_events a WHERE a.subject_id = s.subject_id AND a.outcome = 'fatal')
       ORDER BY s.seq`,
    )
    .all(study, END_OF_TREATMENT, END_OF_TREATMENT) as { subject_id: string }[];
  return rows.map((r) => r.subject_id);
}

/** Subjects whose latest visit is End of Treatment and who did not die: those who stopped. */
export function subjectsWhoStopped(db: Database, study: string): string[] {
  const rows = db
    .prepare(
      `SELECT s.subject_id FROM subjects s WHERE s.study_number = ?
         AND EXISTS (SELECT 1 FROM lab_results l WHERE l.subject_id = s.subject_id AND l.visit = ?)
         AND NOT EXISTS (SELECT 1 FROM adverse_events a WHERE a.subject_id = s.subject_id AND a.outcome = 'fatal')
       ORDER BY s.seq`,
    )
    .all(study, END_OF_TREATMENT) as { subject_id: string }[];
  return rows.map((r) => r.subject_id);
}

/** A subject's visits with laboratory results or vital signs, in time order. */
export function visitsOf(db: Database, subject: string): VisitRef[] {
  return db
    .prepare(
      `SELECT visit AS label, MIN(collected_at) AS at FROM (
         SELECT visit, collected_at FROM lab_results WHERE subject_id = @s
         UNION ALL SELECT visit, collected_at FROM vital_signs WHERE subject_id = @s)
       GROUP BY visit ORDER BY at`,
    )
    .all({ s: subject }) as VisitRef[];
}

/** The laboratory and vital-sign rows of one visit of a subject. */
export function visitRows(db: Database, subject: string, label: string): (Held & { table: CutTable })[] {
  return (["lab_results", "vital_signs"] as const).flatMap((table) =>
    rowsOf(db, table, "subject_id = ? AND visit = ? ORDER BY rowid", subject, label).map((h) => ({ table, ...h })),
  );
}

/** A subject's served assessments, by timepoint. */
export function servedAssessments(db: Database, subject: string): Held[] {
  return rowsOf(db, "assessments", "subject_id = ? AND vis_seq IS NOT NULL ORDER BY timepoint", subject);
}

export function lesionsOf(db: Database, assessmentRow: number): Held[] {
  return rowsOf(db, "lesions", "assessment_row = ? ORDER BY row_id", assessmentRow);
}

/** A subject's study-drug records (the dosing rows), by start. */
export function studyDrugRows(db: Database, subject: string): Held[] {
  return rowsOf(db, "medications", "subject_id = ? AND source_table = 'drug_exposure' ORDER BY start_at", subject);
}

/** Whether the study's drug is recorded with an open end while it is taken (tablets and injections, not infusions). */
export function openDrugRecords(db: Database, study: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM medications
         WHERE study_number = ? AND source_table = 'drug_exposure' AND end_at IS NULL LIMIT 1`,
      )
      .get(study) !== undefined
  );
}

/** Keys of the generator's deliberate imperfections (assessment IDs, laboratory IDs, adverse-event keys). */
export function imperfectionKeys(db: Database): Set<string> {
  const row = db.prepare("SELECT value FROM dataset_info WHERE key = 'imperfections'").get() as
    | { value: string }
    | undefined;
  const summary = row ? (JSON.parse(row.value) as ImperfectionSummary[]) : [];
  return new Set(summary.flatMap((s) => s.records.map((r) => r.key)));
}
