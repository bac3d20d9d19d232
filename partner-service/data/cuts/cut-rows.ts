/**
 * The row operations a data cut is made of, on the tables it may touch, and the serving numbers they leave to
 * redo. A row travels as its columns by name without its serving number (`seq` or `vis_seq`), which is the
 * service's paging order and not part of the record; its place in that order is its SQLite rowid (`row_order`).
 */
import type { Database } from "better-sqlite3";
import { assignVisibility } from "../generator/visibility";

export const CUT_TABLES = {
  adverse_events: { key: "ae_key", seq: "seq" },
  lab_results: { key: "id", seq: "seq" },
  vital_signs: { key: "id", seq: "seq" },
  medications: { key: "id", seq: "seq" },
  assessments: { key: "row_id", seq: "vis_seq" },
  lesions: { key: "row_id", seq: "vis_seq" },
} as const;

export type CutTable = keyof typeof CUT_TABLES;
export type Row = Record<string, string | number | null>;

const keyValue = (table: CutTable, key: string): string | number =>
  CUT_TABLES[table].key === "row_id" ? Number(key) : key;

export function rowKey(table: CutTable, row: Row): string {
  return String(row[CUT_TABLES[table].key]);
}

/** A row as it stands, with its place in the serving order. */
export interface Held {
  row: Row;
  order: number;
}

/** Rows of a query, each without its serving number, with its place in the serving order. */
export function rowsOf(db: Database, table: CutTable, where: string, ...args: unknown[]): Held[] {
  const seq = CUT_TABLES[table].seq;
  const rows = db.prepare(`SELECT rowid AS "#order", * FROM ${table} WHERE ${where}`).all(...args) as (Row & {
    "#order": number;
  })[];
  return rows.map(({ "#order": order, [seq]: _seq, ...row }) => ({ row, order }));
}

/** The row with this key, with its place in the serving order, or undefined. */
export function readRow(db: Database, table: CutTable, key: string): Held | undefined {
  return rowsOf(db, table, `${CUT_TABLES[table].key} = ?`, keyValue(table, key))[0];
}

/**
 * Inserts a row at `order` in the serving order. Its serving number is set apart (negative for `seq`, NULL for
 * `vis_seq`) until `renumber` runs.
 */
export function insertRow(db: Database, table: CutTable, row: Row, order: number): void {
  const spec = CUT_TABLES[table];
  const names = Object.keys(row);
  const ordered = spec.key === "row_id" ? names : ["rowid", ...names];
  const values = spec.key === "row_id" ? names.map((n) => row[n]) : [order, ...names.map((n) => row[n])];
  const seqValue = spec.seq === "seq" ? -order : null;
  const columns = [...ordered, spec.seq];
  db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(
    ...values,
    seqValue,
  );
}

export function updateRow(db: Database, table: CutTable, key: string, row: Row): void {
  const spec = CUT_TABLES[table];
  const names = Object.keys(row).filter((n) => n !== spec.key);
  db.prepare(`UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(", ")} WHERE ${spec.key} = ?`).run(
    ...names.map((n) => row[n]),
    keyValue(table, key),
  );
}

export function deleteRow(db: Database, table: CutTable, key: string): void {
  db.prepare(`DELETE FROM ${table} WHERE ${CUT_TABLES[table].key} = ?`).run(keyValue(table, key));
}

/** The next free place in a table's serving order, past every row it holds or a cut has held. */
export function nextOrder(db: Database, table: CutTable): number {
  const held = db.prepare(`SELECT COALESCE(MAX(rowid), 0) AS n FROM ${table}`).get() as { n: number };
  const logged = db
    .prepare("SELECT COALESCE(MAX(row_order), 0) AS n FROM data_cut_changes WHERE table_name = ?")
    .get(table) as { n: number };
  return Math.max(held.n, logged.n) + 1;
}

/**
 * Dense serving numbers again for one study's rows of a `seq` table, from `fromOrder` on: the rows before keep
 * theirs, so a cut that only appends renumbers only what it appended. `vis_seq` tables are numbered by the
 * visibility rule instead (`renumberVisible`).
 */
export function renumber(db: Database, table: CutTable, study: string, fromOrder: number): void {
  if (CUT_TABLES[table].seq !== "seq") return;
  const before = db
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE study_number = ? AND rowid < ?`)
    .get(study, fromOrder) as { n: number };
  db.prepare(`UPDATE ${table} SET seq = -rowid WHERE study_number = ? AND rowid >= ?`).run(study, fromOrder);
  db.prepare(
    `WITH r AS (SELECT rowid AS rid, ROW_NUMBER() OVER (ORDER BY rowid) AS n FROM ${table}
                WHERE study_number = @study AND rowid >= @from)
     UPDATE ${table} SET seq = r.n + @before FROM r WHERE ${table}.rowid = r.rid`,
  ).run({ study, from: fromOrder, before: before.n });
}

/** The visibility rule of assessments and lesions again for one study (which revision of each is served). */
export function renumberVisible(db: Database, study: string): void {
  const row = db.prepare("SELECT criteria FROM studies WHERE study_number = ?").get(study) as
    | { criteria: string }
    | undefined;
  if (row) assignVisibility(db, study, row.criteria);
}
