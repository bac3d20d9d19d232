/**
 * Shared helpers of the generator tests (not a test file itself). Everything
 * here reads the database back with plain SQL; nothing reuses generator code,
 * so the tests check the generator rather than repeat it.
 */
import Database from "better-sqlite3";
import { migrate } from "@/lib/sqlite/migrate";
import type { AssessmentRow as ServedAssessmentRow } from "../../resources/diagnostic-report";
import type { LesionRow as ServedLesionRow } from "../../resources/imaging";
import { serviceMigrations } from "../service-migrations";
import {
  DATA_TABLES,
  demoStudies,
  type GenerateOptions,
  generateDataset,
  type ImperfectionSummary,
} from "./generate-dataset";

/** Seed of the demo data under test; GEN_SEED=<n> re-runs the same checks on another seed. */
export const DEMO_SEED = Number(process.env.GEN_SEED ?? 42);

export type Db = Database.Database;

export function freshDb(): Db {
  const db = new Database(":memory:");
  migrate(db, serviceMigrations);
  return db;
}

export function generate(opts: GenerateOptions = { seed: DEMO_SEED, studies: demoStudies() }) {
  const db = freshDb();
  const result = generateDataset(db, opts);
  return { db, result };
}

export function all<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}

/** Every row of every data table, in rowid order, as one string. */
export function dump(db: Db): string {
  return JSON.stringify(DATA_TABLES.map((t) => all(db, `SELECT * FROM ${t} ORDER BY rowid`)));
}

/** An assessment row as stored: the served columns plus what decides whether it is served. */
export interface AssessmentRow extends Omit<ServedAssessmentRow, "lesions"> {
  study_number: string;
  pi_signed: number;
  vis_seq: number | null;
}

/** A lesion row as stored: the served columns plus its assessment, node flag and paging number. */
export interface LesionRow extends ServedLesionRow {
  row_id: number;
  assessment_row: number;
  study_number: string;
  is_node: number;
  vis_seq: number | null;
}

export const assessments = (db: Db) => all<AssessmentRow>(db, "SELECT * FROM assessments ORDER BY row_id");
export const lesions = (db: Db) => all<LesionRow>(db, "SELECT * FROM lesions ORDER BY row_id");

export function lesionsByRow(db: Db): Map<number, LesionRow[]> {
  const map = new Map<number, LesionRow[]>();
  for (const l of lesions(db)) map.set(l.assessment_row, [...(map.get(l.assessment_row) ?? []), l]);
  return map;
}

/**
 * The current reading of each case, whether signed or not: highest case
 * revision, and within it each assessment's highest revision, by timepoint.
 */
export function latestByCase(rows: AssessmentRow[]): Map<number, AssessmentRow[]> {
  const topCase = new Map<number, number>();
  for (const r of rows) topCase.set(r.case_id, Math.max(topCase.get(r.case_id) ?? 0, r.case_revision));
  const best = new Map<string, AssessmentRow>();
  for (const r of rows) {
    if (r.case_revision !== topCase.get(r.case_id)) continue;
    const cur = best.get(r.assessment_id);
    if (!cur || r.assessment_revision > cur.assessment_revision) best.set(r.assessment_id, r);
  }
  const byCase = new Map<number, AssessmentRow[]>();
  for (const r of best.values()) byCase.set(r.case_id, [...(byCase.get(r.case_id) ?? []), r]);
  for (const list of byCase.values()) list.sort((a, b) => a.timepoint - b.timepoint);
  return byCase;
}

export function imperfections(db: Db): ImperfectionSummary[] {
  const row = db.prepare("SELECT value FROM dataset_info WHERE key = 'imperfections'").get() as { value: string };
  return JSON.parse(row.value) as ImperfectionSummary[];
}

export function imperfectKeys(db: Db, kind?: string): Set<string> {
  return new Set(
    imperfections(db)
      .filter((i) => !kind || i.kind === kind)
      .flatMap((i) => i.records.map((r) => r.key)),
  );
}

/** Whole days from a to b (ISO dates or datetimes). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b.slice(0, 10)}T00:00:00Z`) - Date.parse(`${a.slice(0, 10)}T00:00:00Z`)) / 86400000);
}
