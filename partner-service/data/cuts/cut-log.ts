/**
 * The record of data cuts (table `data_cut_changes`): per cut, every row it added, changed or removed, with the
 * row before and after, and the event that caused it. The database's current cut is `dataset_info.cut` (1 when
 * absent). Changes of cuts above the current one are held here until `advance` applies them.
 */
import type { Database } from "better-sqlite3";
import type { CutTable, Row } from "./cut-rows";

export type ChangeKind = "added" | "changed" | "removed";

/** What happened at the site, in words the docs and the tests use. */
export type CutEvent =
  | "new visit"
  | "new assessment"
  | "late-entered adverse event"
  | "adverse event grade corrected"
  | "adverse event end date added"
  | "laboratory value corrected"
  | "record entered in error"
  | "withdrawal"
  | "assessment revision signed";

export interface CutChange {
  cut: number;
  study: string;
  table: CutTable;
  key: string;
  kind: ChangeKind;
  event: CutEvent;
  /** The row's place in the serving order (its rowid), for rows added or removed. */
  order: number | null;
  before: Row | null;
  after: Row | null;
}

interface StoredChange {
  cut: number;
  study_number: string;
  table_name: CutTable;
  row_key: string;
  kind: ChangeKind;
  event: CutEvent;
  row_order: number | null;
  before: string | null;
  after: string | null;
}

export function currentCut(db: Database): number {
  const row = db.prepare("SELECT value FROM dataset_info WHERE key = 'cut'").get() as { value: string } | undefined;
  return row ? Number(row.value) : 1;
}

export function setCurrentCut(db: Database, cut: number): void {
  db.prepare("INSERT INTO dataset_info (key, value) VALUES ('cut', ?) ON CONFLICT (key) DO UPDATE SET value = ?").run(
    String(cut),
    String(cut),
  );
}

/** The highest cut on record: above the current one when the database is held at an earlier cut. */
export function lastRecordedCut(db: Database): number {
  const row = db.prepare("SELECT MAX(cut) AS n FROM data_cut_changes").get() as { n: number | null };
  return Math.max(row.n ?? 1, currentCut(db));
}

export function recordChanges(db: Database, changes: readonly CutChange[]): void {
  const insert = db.prepare(
    `INSERT INTO data_cut_changes (cut, seq, study_number, table_name, row_key, kind, event, row_order, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const next = new Map<number, number>();
  for (const c of changes) {
    const seq =
      next.get(c.cut) ??
      (db.prepare("SELECT COALESCE(MAX(seq), 0) AS n FROM data_cut_changes WHERE cut = ?").get(c.cut) as { n: number })
        .n;
    next.set(c.cut, seq + 1);
    const json = (row: Row | null) => (row === null ? null : JSON.stringify(row));
    insert.run(c.cut, seq + 1, c.study, c.table, c.key, c.kind, c.event, c.order, json(c.before), json(c.after));
  }
}

/** A cut's changes in the order they were recorded. */
export function changesOfCut(db: Database, cut: number): CutChange[] {
  const rows = db.prepare("SELECT * FROM data_cut_changes WHERE cut = ? ORDER BY seq").all(cut) as StoredChange[];
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as Row));
  return rows.map((r) => ({
    cut: r.cut,
    study: r.study_number,
    table: r.table_name,
    key: r.row_key,
    kind: r.kind,
    event: r.event,
    order: r.row_order,
    before: parse(r.before),
    after: parse(r.after),
  }));
}
