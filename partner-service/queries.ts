/**
 * Read queries of the service, prepared once per database. Page reads are
 * index range lookups on the dense sequence column, so page 10,000 costs
 * what page 1 costs.
 */
import type { Database, Statement } from "better-sqlite3";
import type { StudyInfo } from "./resources/build-context";
import type { SubjectRow } from "./resources/patient";
import { columnNames, type RecordTypeSpec } from "./resources/record-types";

export interface Filter {
  column: string;
  value: string;
}

export interface ServiceQueries {
  study(studyNumber: string): StudyInfo | undefined;
  total(spec: RecordTypeSpec, study: string): number;
  range(spec: RecordTypeSpec, study: string, from: number, to: number): unknown[];
  /** As range, each row as its values in the record type's column order. */
  rangeValues(spec: RecordTypeSpec, study: string, from: number, to: number): unknown[][];
  /** Rows matching every filter, in paging order, each as its values in the record type's column order. */
  filteredValues(
    spec: RecordTypeSpec,
    study: string,
    filters: Filter[],
    limit: number,
    offset: number,
  ): { total: number; rows: unknown[][] };
  lesionIds(study: string, assessmentRowIds: number[]): Map<number, string[]>;
  groupMembers(study: string): string[];
  subject(subjectId: string): SubjectRow | undefined;
}

type Prepared = (sql: string) => Statement;

export function createQueries(db: Database): ServiceQueries {
  const statements = new Map<string, Statement>();
  const prepared: Prepared = (sql) => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
  return { ...pageReads(db, prepared), ...recordReads(prepared) };
}

/** Counting and reading a record type's pages. */
function pageReads(
  db: Database,
  prepared: Prepared,
): Pick<ServiceQueries, "total" | "range" | "rangeValues" | "filteredValues"> {
  const rawStatements = new Map<string, Statement>();
  const preparedRaw: Prepared = (sql) => {
    let s = rawStatements.get(sql);
    if (!s) {
      s = db.prepare(sql).raw(true);
      rawStatements.set(sql, s);
    }
    return s;
  };
  return {
    total(spec, study) {
      const row = prepared(`SELECT max(${spec.seq}) AS n FROM ${spec.table} WHERE study_number = ?`).get(study) as {
        n: number | null;
      };
      return row.n ?? 0;
    },
    rangeValues(spec, study, from, to) {
      const sql = `SELECT ${spec.columns} FROM ${spec.table}
                   WHERE study_number = ? AND ${spec.seq} BETWEEN ? AND ? ORDER BY ${spec.seq}`;
      return preparedRaw(sql).all(study, from, to) as unknown[][];
    },
    range(spec, study, from, to) {
      return rowObjects(spec, this.rangeValues(spec, study, from, to));
    },
    filteredValues(spec, study, filters, limit, offset) {
      const where = [`study_number = ?`, `${spec.seq} IS NOT NULL`, ...filters.map((f) => `${f.column} = ?`)].join(
        " AND ",
      );
      const args = [study, ...filters.map((f) => f.value)];
      const { n } = prepared(`SELECT count(*) AS n FROM ${spec.table} WHERE ${where}`).get(...args) as { n: number };
      const sql = `SELECT ${spec.columns} FROM ${spec.table} WHERE ${where} ORDER BY ${spec.seq} LIMIT ? OFFSET ?`;
      return { total: n, rows: preparedRaw(sql).all(...args, limit, offset) as unknown[][] };
    },
  };
}

/**
 * Value arrays (in the record type's column order) as row objects for the builders.
 * Arrays turned into objects here cost half of what better-sqlite3's own row
 * objects cost on thousand-row pages.
 */
export function rowObjects(spec: RecordTypeSpec, rows: unknown[][]): Record<string, unknown>[] {
  const names = columnNames(spec);
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row;
  });
}

/** Single records and the lists beside the pages: a study, its members, a subject, an assessment's lesions. */
function recordReads(prepared: Prepared): Pick<ServiceQueries, "study" | "lesionIds" | "groupMembers" | "subject"> {
  const studies = new Map<string, StudyInfo | undefined>();
  return {
    study(studyNumber) {
      if (!studies.has(studyNumber)) {
        const row = prepared(
          `SELECT study_number AS studyNumber, sponsor_study_number AS sponsorStudyNumber, trial_name AS trialName,
                  criteria, agent
           FROM studies WHERE study_number = ?`,
        ).get(studyNumber) as StudyInfo | undefined;
        studies.set(studyNumber, row);
      }
      return studies.get(studyNumber);
    },
    lesionIds(study, rowIds) {
      const out = new Map<number, string[]>();
      if (rowIds.length === 0) return out;
      const stmt = prepared(
        `SELECT assessment_row, lesion_id FROM lesions
         WHERE assessment_row IN (SELECT value FROM json_each(?)) AND study_number = ? AND vis_seq IS NOT NULL
         ORDER BY vis_seq`,
      );
      for (const r of stmt.all(JSON.stringify(rowIds), study) as { assessment_row: number; lesion_id: string }[]) {
        const list = out.get(r.assessment_row) ?? [];
        list.push(r.lesion_id);
        out.set(r.assessment_row, list);
      }
      return out;
    },
    groupMembers(study) {
      const rows = prepared(`SELECT subject_study_id FROM subjects WHERE study_number = ? ORDER BY seq`).all(study) as {
        subject_study_id: string;
      }[];
      return rows.map((r) => r.subject_study_id);
    },
    subject(subjectId) {
      return prepared(
        `SELECT subject_id, study_number, subject_study_id, gender, birth_year, race, ethnicity
         FROM subjects WHERE subject_id = ?`,
      ).get(subjectId) as SubjectRow | undefined;
    },
  };
}
