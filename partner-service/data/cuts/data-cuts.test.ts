import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/sqlite/migrate";
import { demoStudies, generateDataset } from "../generator/generate-dataset";
import { serviceMigrations } from "../service-migrations";
import { advance, type CutChange, changesOfCut, currentCut, rewind, takeEarlierCuts } from "./data-cuts";

const SEED = 11;
const TABLES = {
  adverse_events: "ae_key",
  lab_results: "id",
  vital_signs: "id",
  medications: "id",
  assessments: "row_id",
  lesions: "row_id",
} as const;
type Table = keyof typeof TABLES;
type Row = Record<string, unknown>;

function generated(cuts?: number, size = { subjects: 12, visits: 6 }): Database.Database {
  const db = new Database(":memory:");
  migrate(db, serviceMigrations);
  generateDataset(db, { seed: SEED, studies: demoStudies(size) });
  if (cuts) takeEarlierCuts(db, cuts);
  return db;
}

/** Every row of a table with its rowid and serving number, as the service holds it. */
function dump(db: Database.Database, table: string): unknown[] {
  return db.prepare(`SELECT rowid AS "#", * FROM ${table} ORDER BY rowid`).all();
}

/** A table's rows by key, without the serving number (the test's own reading, not the cut code's). */
function rowsByKey(db: Database.Database, table: Table): Map<string, Row> {
  const rows = db.prepare(`SELECT * FROM ${table}`).all() as Row[];
  return new Map(
    rows.map(({ seq: _s, vis_seq: _v, ...row }) => [`${table} ${String(row[TABLES[table]])}`, row as Row]),
  );
}

function state(db: Database.Database): Map<string, Row> {
  return new Map((Object.keys(TABLES) as Table[]).flatMap((t) => [...rowsByKey(db, t)]));
}

/** The difference between two states, worked out row by row. */
function difference(before: Map<string, Row>, after: Map<string, Row>) {
  const out: { id: string; kind: string; before: Row | null; after: Row | null }[] = [];
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) out.push({ id, kind: "added", before: null, after: row });
    else if (JSON.stringify(old) !== JSON.stringify(row)) out.push({ id, kind: "changed", before: old, after: row });
  }
  for (const [id, row] of before) if (!after.has(id)) out.push({ id, kind: "removed", before: row, after: null });
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

function logged(changes: CutChange[]) {
  return changes
    .map((c) => ({ id: `${c.table} ${c.key}`, kind: c.kind, before: c.before, after: c.after }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

const servingTables = ["subjects", ...Object.keys(TABLES)];

describe("data cuts", () => {
  it("leave the generated data as the latest cut: rows, order and serving numbers unchanged", () => {
    const plain = generated();
    const cut = generated(3);
    expect(currentCut(cut)).toBe(3);
    for (const table of servingTables) expect(dump(cut, table), table).toEqual(dump(plain, table));
  });

  it("go back to cut 1 and forward again to the very same data", () => {
    const plain = generated();
    const db = generated(3);
    rewind(db, 1);
    expect(currentCut(db)).toBe(1);
    expect(dump(db, "lab_results").length).toBeLessThan(dump(plain, "lab_results").length);
    expect(advance(db)).toBe(2);
    expect(advance(db)).toBe(3);
    for (const table of servingTables) expect(dump(db, table), table).toEqual(dump(plain, table));
  });

  it("record exactly what each cut changed, recorded backward and made forward alike", () => {
    const db = generated(3);
    rewind(db, 1);
    for (const cut of [2, 3, 4]) {
      const before = state(db);
      advance(db);
      expect(logged(changesOfCut(db, cut)), `cut ${cut}`).toEqual(difference(before, state(db)));
    }
  });

  it("hold every kind of change in every cut of a tumour study of the demo's size, and no imaging elsewhere", () => {
    const db = generated(3, { subjects: 40, visits: 8 });
    advance(db);
    const every = [
      "adverse event end date added",
      "adverse event grade corrected",
      "assessment revision signed",
      "laboratory value corrected",
      "late-entered adverse event",
      "new assessment",
      "new visit",
      "record entered in error",
      "withdrawal",
    ];
    for (const cut of [2, 3, 4]) {
      const events = (study: string) =>
        new Set(
          changesOfCut(db, cut)
            .filter((c) => c.study === study)
            .map((c) => c.event),
        );
      // Earlier cuts take a revision only where the generated data hold one whose previous revision was signed;
      // the demo's two such assessments go to cut 3 and none is left for cut 2.
      const expected = cut === 2 ? every.filter((e) => e !== "assessment revision signed") : every;
      expect([...events("ONC-101")].sort(), `cut ${cut}`).toEqual(expected);
      expect(events("CARD-201").has("new assessment")).toBe(false);
      expect(events("CARD-201").has("new visit")).toBe(true);
    }
  });

  it("keep the serving numbers dense after a cut", () => {
    const db = generated(3);
    advance(db);
    for (const table of ["adverse_events", "lab_results", "vital_signs", "medications"]) {
      const rows = db
        .prepare(`SELECT study_number, count(*) AS n, min(seq) AS lo, max(seq) AS hi FROM ${table} GROUP BY 1`)
        .all() as { n: number; lo: number; hi: number }[];
      for (const r of rows) expect([r.lo, r.hi], table).toEqual([1, r.n]);
    }
    const visible = db
      .prepare(
        "SELECT count(*) AS n, max(vis_seq) AS hi FROM assessments WHERE study_number = 'ONC-101' AND vis_seq > 0",
      )
      .get() as { n: number; hi: number };
    expect(visible.hi).toBe(visible.n);
  });

  it("are made the same way from the same seed", () => {
    const a = generated(3);
    const b = generated(3);
    advance(a);
    advance(b);
    for (const table of [...servingTables, "data_cut_changes"]) expect(dump(a, table), table).toEqual(dump(b, table));
  });

  it("touch none of the generator's deliberate imperfections", () => {
    const db = generated(3);
    advance(db);
    const summary = JSON.parse(
      (db.prepare("SELECT value FROM dataset_info WHERE key = 'imperfections'").get() as { value: string }).value,
    ) as { records: { key: string }[] }[];
    const keys = new Set(summary.flatMap((s) => s.records.map((r) => r.key)));
    expect(keys.size).toBeGreaterThan(0);
    const touched = [2, 3, 4].flatMap((cut) =>
      changesOfCut(db, cut).map((c) => String((c.after ?? c.before)?.assessment_id ?? c.key)),
    );
    expect(touched.filter((k) => keys.has(k))).toEqual([]);
  });
});
