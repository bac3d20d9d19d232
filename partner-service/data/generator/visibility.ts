/**
 * The visibility rule of DiagnosticReports, applied once per study after its
 * rows are written, as numbering: an assessment row is served iff it is
 * PI-signed AND carries the highest case revision of its case AND the highest
 * assessment revision of its assessment within that case revision. Served rows
 * get vis_seq 1..n (subject order, then timepoint); lesions are served iff
 * their assessment row is, numbered in assessment order then label order
 * (targets, non-targets, new lesions: their insertion order). Every other row
 * keeps vis_seq NULL. Only RECIST 1.1 studies are ever served.
 */
import type { Database } from "better-sqlite3";

const SERVE_ASSESSMENTS = `
WITH top_case AS (
  SELECT case_id, MAX(case_revision) AS cr FROM assessments WHERE study_number = @study GROUP BY case_id
), top_rev AS (
  SELECT assessment_id, case_revision, MAX(assessment_revision) AS ar
  FROM assessments WHERE study_number = @study GROUP BY assessment_id, case_revision
), served AS (
  SELECT a.row_id, ROW_NUMBER() OVER (ORDER BY s.seq, a.timepoint, a.row_id) AS n
  FROM assessments a
  JOIN subjects s ON s.subject_id = a.subject_id
  JOIN top_case tc ON tc.case_id = a.case_id AND tc.cr = a.case_revision
  JOIN top_rev tr
    ON tr.assessment_id = a.assessment_id AND tr.case_revision = a.case_revision AND tr.ar = a.assessment_revision
  WHERE a.study_number = @study AND a.pi_signed = 1
)
UPDATE assessments SET vis_seq = served.n FROM served WHERE assessments.row_id = served.row_id`;

const SERVE_LESIONS = `
WITH served AS (
  SELECT l.row_id, ROW_NUMBER() OVER (ORDER BY a.vis_seq, l.row_id) AS n
  FROM lesions l JOIN assessments a ON a.row_id = l.assessment_row
  WHERE l.study_number = @study AND a.vis_seq IS NOT NULL
)
UPDATE lesions SET vis_seq = served.n FROM served WHERE lesions.row_id = served.row_id`;

export function assignVisibility(db: Database, studyNumber: string, criteria: string): void {
  db.prepare("UPDATE assessments SET vis_seq = NULL WHERE study_number = ?").run(studyNumber);
  db.prepare("UPDATE lesions SET vis_seq = NULL WHERE study_number = ?").run(studyNumber);
  if (criteria !== "RECIST 1.1") return;
  db.prepare(SERVE_ASSESSMENTS).run({ study: studyNumber });
  db.prepare(SERVE_LESIONS).run({ study: studyNumber });
}
