import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/sqlite/migrate";
import { serviceMigrations } from "../service-migrations";
import { DATA_TABLES, demoStudies, GENERATOR_VERSION, generateDataset, IMPERFECTIONS } from "./generate-dataset";
import { all, DEMO_SEED, dump, freshDb, generate } from "./test-fixture";

describe("determinism", () => {
  const a = generate();
  const b = generate();

  it("the same seed and plan give identical contents in every table", () => {
    for (const table of DATA_TABLES) {
      const rowsA = all(a.db, `SELECT * FROM ${table} ORDER BY rowid`);
      const rowsB = all(b.db, `SELECT * FROM ${table} ORDER BY rowid`);
      expect(rowsA.length, table).toBeGreaterThan(0);
      expect(JSON.stringify(rowsB), table).toBe(JSON.stringify(rowsA));
    }
  });

  it("another seed gives other data", () => {
    const c = generate({ seed: DEMO_SEED + 1, studies: demoStudies() });
    expect(dump(c.db)).not.toBe(dump(a.db));
    const ids = (db: typeof a.db) =>
      all<{ id: string }>(db, "SELECT id FROM lab_results ORDER BY rowid LIMIT 50").map((r) => r.id);
    expect(ids(c.db)).not.toEqual(ids(a.db));
  });

  it("reports the row counts it wrote", () => {
    for (const table of DATA_TABLES) {
      const n = (a.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect(a.result.rows[table], table).toBe(n);
    }
    expect(a.result.ms).toBeGreaterThanOrEqual(0);
  });

  it("records seed, plan, generator version and imperfections in dataset_info", () => {
    const info = Object.fromEntries(
      all<{ key: string; value: string }>(a.db, "SELECT key, value FROM dataset_info").map((r) => [r.key, r.value]),
    );
    expect(Object.keys(info).sort()).toEqual(["generator_version", "imperfections", "plan", "seed"]);
    expect(info.seed).toBe(String(DEMO_SEED));
    expect(JSON.parse(info.plan)).toEqual(demoStudies());
    expect(info.generator_version).toBe(GENERATOR_VERSION);
    expect(JSON.parse(info.imperfections).map((i: { kind: string }) => i.kind)).toEqual(
      IMPERFECTIONS.map((i) => i.kind),
    );
  });

  it("demo: at least 3 studies, two RECIST 1.1 and one not, distinct sponsor numbers", () => {
    const plan = demoStudies();
    expect(plan.length).toBeGreaterThanOrEqual(3);
    expect(plan.filter((s) => s.criteria === "RECIST 1.1").length).toBeGreaterThanOrEqual(2);
    expect(plan.some((s) => s.criteria !== "RECIST 1.1")).toBe(true);
    expect(new Set(plan.map((s) => s.sponsorStudyNumber)).size).toBe(plan.length);
    expect(demoStudies({ subjects: 5, visits: 3 }).every((s) => s.subjects <= 5 && s.visits === 3)).toBe(true);
  });
});

describe("boundaries of generateDataset", () => {
  it("leaves the partner registry alone", () => {
    const db = freshDb();
    db.prepare(
      "INSERT INTO partners (partner_id, name, created_at) VALUES ('P1', 'Acme', '2024-01-01T00:00:00Z')",
    ).run();
    db.prepare(
      "INSERT INTO grants (partner_id, study_number, granted_at) VALUES ('P1', 'ONC-101', '2024-01-01T00:00:00Z')",
    ).run();
    generateDataset(db, { seed: 1, studies: demoStudies({ subjects: 6, visits: 3 }) });
    expect(all(db, "SELECT partner_id, name FROM partners")).toEqual([{ partner_id: "P1", name: "Acme" }]);
    expect(all(db, "SELECT COUNT(*) AS n FROM grants")).toEqual([{ n: 1 }]);
    expect(all(db, "SELECT COUNT(*) AS n FROM clients")).toEqual([{ n: 0 }]);
    expect(all(db, "SELECT COUNT(*) AS n FROM tokens")).toEqual([{ n: 0 }]);
  });

  it("refuses a database that already holds data, and bad plans", () => {
    const { db } = generate({ seed: 1, studies: demoStudies({ subjects: 4, visits: 2 }) });
    expect(() => generateDataset(db, { seed: 1, studies: demoStudies({ subjects: 4, visits: 2 }) })).toThrow(/empty/);
    const plan = demoStudies({ subjects: 4, visits: 2 });
    expect(() => generateDataset(freshDb(), { seed: 1, studies: [plan[0], plan[0]] })).toThrow(/duplicate/);
    expect(() => generateDataset(freshDb(), { seed: 1, studies: [{ ...plan[0], visits: 1 }] })).toThrow(/visits/);
    expect(() => generateDataset(freshDb(), { seed: 1, studies: [{ ...plan[0], subjects: 0 }] })).toThrow(/subjects/);
  });

  it("restores the journal mode and synchronous setting of a file database", () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-"));
    try {
      const db = new Database(join(dir, "svc.db"));
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      migrate(db, serviceMigrations);
      generateDataset(db, { seed: 3, studies: demoStudies({ subjects: 5, visits: 3 }) });
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("synchronous", { simple: true })).toBe(1);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("handles tiny plans (1 subject, 2 visits) and long ones (at most 25 follow-ups)", () => {
    const plan = demoStudies()[0];
    const tiny = generate({ seed: 5, studies: [{ ...plan, subjects: 1, visits: 2 }] });
    expect(all(tiny.db, "SELECT COUNT(*) AS n FROM subjects")).toEqual([{ n: 1 }]);
    const long = generate({ seed: 5, studies: [{ ...plan, subjects: 6, visits: 70 }] });
    const max = all<{ t: number }>(long.db, "SELECT MAX(timepoint) AS t FROM assessments")[0].t;
    expect(max).toBeLessThanOrEqual(25);
    expect(
      all<{ name: string }>(long.db, "SELECT DISTINCT name FROM assessments").every((r) =>
        /^(Baseline|Follow-up ([1-9]|1\d|2[0-5]))$/.test(r.name),
      ),
    ).toBe(true);
  });
});
