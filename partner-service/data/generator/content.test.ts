import { describe, expect, it } from "vitest";
import { all, generate } from "./test-fixture";

const SEQ_TABLES = ["subjects", "adverse_events", "lab_results", "vital_signs", "medications"];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
const WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

describe("content of the demo data", () => {
  const { db } = generate();
  const count = (sql: string, ...p: unknown[]) => (db.prepare(sql).get(...p) as { n: number }).n;

  it("seq is dense 1..n per study in every paged table", () => {
    for (const table of SEQ_TABLES) {
      const groups = all<{ study_number: string; n: number; lo: number; hi: number; d: number }>(
        db,
        `SELECT study_number, COUNT(*) AS n, MIN(seq) AS lo, MAX(seq) AS hi, COUNT(DISTINCT seq) AS d
         FROM ${table} GROUP BY study_number`,
      );
      expect(groups.length, table).toBe(4);
      for (const g of groups) expect([g.lo, g.hi, g.d], `${table} ${g.study_number}`).toEqual([1, g.n, g.n]);
    }
  });

  it("every date and datetime has its shape and lies in the study years", () => {
    const columns: [string, string, RegExp][] = [
      ["adverse_events", "start_at", DATETIME],
      ["adverse_events", "end_date", /^\d{4}-\d\d-\d\d$/],
      ["assessments", "effective_at", DATETIME],
      ["assessments", "revision_date", DATETIME],
      ["lesions", "effective_at", DATETIME],
      ["lab_results", "collected_at", DATETIME],
      ["lab_results", "issued", WITH_OFFSET],
      ["vital_signs", "collected_at", DATETIME],
      ["vital_signs", "issued", WITH_OFFSET],
      ["medications", "start_at", DATETIME],
      ["medications", "end_at", DATETIME],
    ];
    for (const [table, column, shape] of columns) {
      const values = all<{ v: string }>(
        db,
        `SELECT DISTINCT ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`,
      ).map((r) => r.v);
      expect(values.length, `${table}.${column}`).toBeGreaterThan(0);
      for (const v of values) {
        expect(v, `${table}.${column}`).toMatch(shape);
        expect(Number(v.slice(0, 4)), `${table}.${column} ${v}`).toBeGreaterThanOrEqual(2015);
        expect(Number(v.slice(0, 4)), `${table}.${column} ${v}`).toBeLessThanOrEqual(2030);
      }
    }
  });

  it("paged rows are in subject order, then time", () => {
    for (const [table, time] of [
      ["lab_results", "collected_at"],
      ["vital_signs", "collected_at"],
      ["adverse_events", "start_at"],
      ["medications", "start_at"],
    ]) {
      const rows = all<{ study_number: string; s: number; t: string }>(
        db,
        `SELECT x.study_number, s.seq AS s, x.${time} AS t
         FROM ${table} x JOIN subjects s ON s.subject_id = x.subject_id ORDER BY x.study_number, x.seq`,
      );
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]];
        if (a.study_number !== b.study_number) continue;
        expect(a.s < b.s || (a.s === b.s && a.t <= b.t), `${table} ${i}`).toBe(true);
      }
    }
  });

  it("subjects: distinct identifiers, coded demographics, ages 30-85", () => {
    const subjects = all<Record<string, string | number>>(db, "SELECT * FROM subjects");
    expect(subjects.length).toBe(130);
    for (const s of subjects) {
      expect(s.subject_id).toMatch(/^\d{3}-\d{4}$/);
      expect(s.subject_study_id).toMatch(/^SSN-[A-Z0-9]+-[0-9A-Z]{4}$/);
      expect(s.subject_study_id).not.toBe(s.subject_id);
      expect(s.mrn).toMatch(/^MRN\d{6}$/);
      expect(["male", "female", "other", "unknown"]).toContain(s.gender);
      expect(["2106-3", "2054-5", "2028-9", "1002-5", "2076-8", "2131-1", "UNK"]).toContain(s.race);
      expect(["2135-2", "2186-5", "UNK"]).toContain(s.ethnicity);
      const first = all<{ d: string }>(
        db,
        "SELECT MIN(collected_at) AS d FROM vital_signs WHERE subject_id = ?",
        s.subject_id,
      )[0].d;
      const age = Number(first.slice(0, 4)) - (s.birth_year as number);
      expect(age).toBeGreaterThanOrEqual(30);
      expect(age).toBeLessThanOrEqual(86);
    }
    expect(count("SELECT COUNT(DISTINCT subject_study_id) AS n FROM subjects")).toBe(130);
    expect(count("SELECT COUNT(*) AS n FROM subjects WHERE gender IN ('male','female')")).toBeGreaterThan(120);
    expect(count("SELECT COUNT(*) AS n FROM subjects WHERE race = '2106-3'")).toBeGreaterThan(60);
  });

  it("labs: 20+ tests with units, varied reference ranges, text results, missing service codes, a unit change", () => {
    const tests = all<{ test_code: string; service_code: string | null }>(
      db,
      "SELECT DISTINCT test_code, service_code FROM lab_results",
    );
    expect(new Set(tests.map((t) => t.test_code)).size).toBeGreaterThanOrEqual(20);
    for (const code of [
      "HGB",
      "WBC",
      "PLT",
      "NEUT",
      "LYMPH",
      "RBC",
      "HCT",
      "NA",
      "K",
      "CL",
      "GLUC",
      "CA",
      "ALB",
      "ALT",
      "AST",
      "ALP",
      "BILI",
      "CREAT",
      "BUN",
      "EGFR",
    ]) {
      expect(
        tests.some((t) => t.test_code === code),
        code,
      ).toBe(true);
    }
    const noCode = tests.filter((t) => t.service_code === null).map((t) => t.test_code);
    expect(noCode.length).toBeGreaterThanOrEqual(2);
    expect(noCode.length).toBeLessThanOrEqual(3);
    expect(
      count("SELECT COUNT(*) AS n FROM lab_results WHERE value IS NULL AND value_string IS NOT NULL"),
    ).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM lab_results WHERE value IS NOT NULL AND value_string IS NOT NULL")).toBe(0);
    expect(all(db, "SELECT DISTINCT unit FROM lab_results WHERE test_code = 'GLUC' ORDER BY unit")).toEqual([
      { unit: "mg/dL" },
      { unit: "mmol/L" },
    ]);
    const ranges = all<{ r: string | null }>(db, "SELECT DISTINCT reference_range AS r FROM lab_results").map(
      (x) => x.r,
    );
    for (const shape of [
      /^\d+(\.\d+)?-\d+(\.\d+)?$/,
      /^\d+(\.\d+)? - \d+(\.\d+)?$/,
      /^<\d/,
      /^<=\d/,
      /^>\d/,
      /^>=\d/,
      /^[A-Za-z]/,
    ]) {
      expect(
        ranges.some((r) => r !== null && shape.test(r)),
        String(shape),
      ).toBe(true);
    }
    expect(ranges).toContain(null);
  });

  it("labs: identifiers, timestamps and plausible values", () => {
    const rows = all<Record<string, string | number | null>>(
      db,
      "SELECT * FROM lab_results WHERE study_number = 'ONC-101'",
    );
    for (const r of rows) {
      expect(r.id).toMatch(GUID);
      expect(r.collected_at).toMatch(DATETIME);
      expect(r.issued).toMatch(WITH_OFFSET);
      expect(r.practitioner_id).toMatch(/^PR-\d{4}$/);
      expect(String(r.issued).slice(0, 19) >= String(r.collected_at)).toBe(true);
    }
    const hgb = rows.filter((r) => r.test_code === "HGB").map((r) => r.value as number);
    expect(Math.min(...hgb)).toBeGreaterThan(6);
    expect(Math.max(...hgb)).toBeLessThan(20);
    const neut = rows.filter((r) => r.test_code === "NEUT").map((r) => r.value as number);
    expect(neut.some((v) => v < 1.0)).toBe(true); // neutropenia nadirs
    // transaminase spikes
    expect(rows.filter((r) => r.test_code === "ALT").some((r) => (r.value as number) > 100)).toBe(true);
    expect(new Set(rows.map((r) => r.visit))).toContain("End of Treatment");
    expect(count("SELECT COUNT(DISTINCT id) AS n FROM lab_results")).toBe(
      count("SELECT COUNT(*) AS n FROM lab_results"),
    );
  });

  it("vital signs: all 12 item types at each visit, consistent with each other", () => {
    const visits = all<{ n: number; items: number }>(
      db,
      `SELECT COUNT(*) AS n, COUNT(DISTINCT item_type) AS items
       FROM vital_signs GROUP BY subject_id, visit, collected_at`,
    );
    expect(visits.length).toBeGreaterThan(100);
    expect(visits.every((v) => v.n === 12 && v.items === 12)).toBe(true);
    const byVisit = new Map<
      string,
      Map<string, { value: number | null; value_string: string | null; unit: string | null; service_code: string }>
    >();
    for (const r of all<{
      k: string;
      item_type: string;
      value: number | null;
      value_string: string | null;
      unit: string | null;
      service_code: string;
    }>(
      db,
      `SELECT subject_id || '|' || collected_at AS k, item_type, value, value_string, unit, service_code
       FROM vital_signs`,
    )) {
      byVisit.set(r.k, (byVisit.get(r.k) ?? new Map()).set(r.item_type, r));
    }
    const heights = new Map<string, Set<number>>();
    for (const [k, v] of byVisit) {
      const get = (item: string) => v.get(item)?.value as number;
      const bsa = Math.sqrt((get("Height (centimeters)") * get("Weight (kilograms)")) / 3600);
      expect(Math.abs(get("BSA m2") - bsa)).toBeLessThanOrEqual(0.0051);
      expect(Math.abs(get("Temperature F") - (get("Temperature Temp C") * 9) / 5 - 32)).toBeLessThanOrEqual(0.051);
      expect(get("Last recorded Height")).toBe(get("Height (centimeters)"));
      expect(get("Blood Pressure Diastolic")).toBeLessThan(get("Blood Pressure BP Systolic"));
      const pos = v.get("Blood Pressure Positioning");
      expect(pos?.value).toBeNull();
      expect(pos?.unit).toBeNull();
      expect(["Sitting", "Supine", "Standing"]).toContain(pos?.value_string);
      const subject = k.split("|")[0];
      heights.set(subject, (heights.get(subject) ?? new Set()).add(get("Height (centimeters)")));
    }
    expect([...heights.values()].every((h) => h.size === 1)).toBe(true);
    const codes = all<{ item_type: string; service_code: string; unit: string | null }>(
      db,
      "SELECT DISTINCT item_type, service_code, unit FROM vital_signs",
    );
    expect(codes.length).toBe(12);
    expect(
      codes
        .filter((c) => c.service_code === "")
        .map((c) => c.item_type)
        .sort(),
    ).toEqual(["Blood Pressure Positioning", "Last recorded Height"]);
    expect(count("SELECT COUNT(*) AS n FROM vital_signs WHERE id NOT GLOB '*-*-4*-*-*'")).toBe(0);
  });

  it("adverse events: grade spread, consistent outcomes, keys", () => {
    const grades = Object.fromEntries(
      all<{ g: number | null; n: number }>(
        db,
        "SELECT grade AS g, COUNT(*) AS n FROM adverse_events GROUP BY grade",
      ).map((r) => [String(r.g), r.n]),
    );
    for (const g of ["1", "2", "3", "4", "5", "null"]) expect(grades[g], `grade ${g}`).toBeGreaterThan(0);
    const total = Object.values(grades).reduce((a, b) => a + b, 0);
    expect((grades["1"] + grades["2"]) / total).toBeGreaterThan(0.6);
    expect(grades["5"]).toBeLessThan(grades["4"] + grades["3"]);
    expect(count("SELECT COUNT(*) AS n FROM adverse_events WHERE (grade = 5) <> (outcome = 'fatal')")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM adverse_events WHERE (ongoing = 1) <> (outcome = 'ongoing')")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM adverse_events WHERE ongoing = 1 AND end_date IS NOT NULL")).toBe(0);
    expect(
      count("SELECT COUNT(*) AS n FROM adverse_events WHERE end_date IS NULL AND outcome NOT IN ('ongoing','unknown')"),
    ).toBe(0);
    expect(
      count(
        `SELECT COUNT(*) AS n FROM adverse_events
         WHERE outcome NOT IN ('resolved','recovering','ongoing','resolvedWithSequelae','fatal','unknown')`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT COUNT(*) AS n FROM adverse_events
         WHERE causality NOT IN ('Certain','Probably/Likely','Possible','Unlikely','Conditional/Classified',
                                 'Unassessable/Unclassifiable')`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT COUNT(*) AS n FROM adverse_events a JOIN subjects s ON s.subject_id = a.subject_id
         WHERE a.ae_key <> a.study_number || '-' || s.mrn || '-' || a.ae_no || '-' || a.seq_no`,
      ),
    ).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM adverse_events WHERE seq_no > 1")).toBeGreaterThan(0);
    expect(
      count(
        `SELECT COUNT(*) AS n FROM adverse_events
         WHERE start_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]'`,
      ),
    ).toBe(0);
    expect(all(db, "SELECT DISTINCT ctcae_version AS v FROM adverse_events ORDER BY v")).toEqual([
      { v: 4.03 },
      { v: 5 },
    ]);
    expect(count("SELECT COUNT(*) AS n FROM adverse_events WHERE verified = 0")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM adverse_events WHERE verified = 1")).toBeGreaterThan(
      count("SELECT COUNT(*) AS n FROM adverse_events") * 0.8,
    );
  });

  it("medications: study drug, conmeds, open ends, missing doses, rates only for infusions", () => {
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE drug LIKE 'Zalvotinib % Oral Capsule'")).toBeGreaterThan(
      0,
    );
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE drug LIKE 'ondansetron%'")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE end_at IS NULL")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE dose_value IS NULL")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE rate_unit NOT IN ('', 'mg/h')")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE (rate_unit = 'mg/h') <> (method = 'Infusion')")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE end_at IS NOT NULL AND end_at < start_at")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM medications WHERE rule_def NOT GLOB 'R[0-9]*|R[0-9]*'")).toBe(0);
    expect(
      all<{ t: string }>(db, "SELECT DISTINCT source_type AS t FROM medications ORDER BY t").map((r) => r.t),
    ).toEqual(["Administered in clinic", "Patient reported", "Prescription"]);
    expect(all<{ r: string }>(db, "SELECT DISTINCT route AS r FROM medications ORDER BY r").map((r) => r.r)).toEqual([
      "Intravenous",
      "Oral",
      "Subcutaneous",
    ]);
    expect(count("SELECT COUNT(DISTINCT record_id || '-' || source_table) AS n FROM medications")).toBe(
      count("SELECT COUNT(*) AS n FROM medications"),
    );
  });
});
