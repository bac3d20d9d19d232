/**
 * The test-side data checks must be able to fail: the clean data gives them nothing to find for most rules, so
 * each rule is shown here to catch a record broken on purpose in a clean data set.
 */
import { describe, expect, it } from "vitest";
import { demoStudies } from "./generate-dataset";
import { dataFindings, type Rule } from "./test-data-checks";
import { all, type Db, generate } from "./test-fixture";

const cleanDb = () => generate({ seed: 11, studies: [{ ...demoStudies()[0], subjects: 16 }], imperfections: false }).db;

interface Served {
  row_id: number;
  assessment_id: string;
  subject_id: string;
  timepoint: number;
  effective_at: string;
}
const served = (db: Db, where: string) =>
  all<Served>(db, `SELECT * FROM assessments WHERE vis_seq IS NOT NULL AND ${where} ORDER BY vis_seq`);
/** A served follow-up that another served assessment follows. */
const middle = (db: Db) =>
  served(db, "timepoint = 1").find((r) => served(db, `subject_id = '${r.subject_id}' AND timepoint = 2`).length)!;
const run = (db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).run(...params);
const expectFinding = (db: Db, rule: Rule, key: string) => expect(dataFindings(db)).toContainEqual({ rule, key });

describe("the test-side data checks", () => {
  it("start from a clean data set", () => {
    expect(dataFindings(cleanDb())).toEqual([]);
  });

  it("catch a baseline target under 10 mm", () => {
    const db = cleanDb();
    const [base] = served(db, "timepoint = 0");
    run(
      db,
      "UPDATE lesions SET value = 9.9 WHERE assessment_row = ? AND category = 'Target' AND label = 'T1'",
      base.row_id,
    );
    expectFinding(db, "baseline-selection", base.assessment_id);
  });

  it("catch a lesion that appears after baseline without being new, and a target that is no longer read", () => {
    const db = cleanDb();
    const r = middle(db);
    run(
      db,
      "UPDATE lesions SET category = 'Non-target', label = 'NT9' WHERE assessment_row = ? AND label = 'T1'",
      r.row_id,
    );
    expectFinding(db, "lesion-appears", r.assessment_id);
    expectFinding(db, "target-stops", r.assessment_id);
  });

  it("catch a target left unmeasured at the last assessment", () => {
    const db = cleanDb();
    const r = middle(db);
    run(db, "UPDATE assessments SET vis_seq = NULL WHERE subject_id = ? AND timepoint > 1", r.subject_id);
    run(
      db,
      "UPDATE lesions SET state = 'Not assessed', value = NULL WHERE assessment_row = ? AND label = 'T1'",
      r.row_id,
    );
    expectFinding(db, "target-stops", r.assessment_id);
  });

  it("catch an assessment after progression and a long interval", () => {
    const db = cleanDb();
    const r = middle(db);
    run(db, "UPDATE assessments SET conclusion = 'Progressive Disease' WHERE row_id = ?", r.row_id);
    const [next] = served(db, `subject_id = '${r.subject_id}' AND timepoint = 2`);
    expectFinding(db, "conclusion", r.assessment_id);
    expectFinding(db, "after-progression", next.assessment_id);
    run(db, "UPDATE assessments SET effective_at = '2030-01-01T10:00:00' WHERE row_id = ?", next.row_id);
    expectFinding(db, "interval", next.assessment_id);
  });

  it("catch a conclusion Table 2 does not give, and a measurable lesion at a baseline without targets", () => {
    // 40 subjects: beyond the 16 coverage courses, so some subjects have non-target disease only.
    const db = generate({ seed: 11, studies: [{ ...demoStudies()[0], subjects: 40 }], imperfections: false }).db;
    const noTarget =
      "NOT EXISTS (SELECT 1 FROM lesions l WHERE l.assessment_row = assessments.row_id AND l.category = 'Target')";
    const [base] = served(db, `timepoint = 0 AND ${noTarget}`);
    const [next] = served(db, `subject_id = '${base.subject_id}' AND timepoint = 1`);
    expect(dataFindings(db)).toEqual([]);
    run(db, "UPDATE assessments SET conclusion = 'Stable Disease' WHERE row_id = ?", next.row_id);
    expectFinding(db, "conclusion", next.assessment_id);
    // 15 mm is measurable whether NT1 is a node (15 mm short axis) or not (10 mm).
    run(db, "UPDATE lesions SET value = 15 WHERE assessment_row = ? AND label = 'NT1'", base.row_id);
    expectFinding(db, "baseline-selection", base.assessment_id);
  });

  it("catch a numeric vital sign without a unit", () => {
    const db = cleanDb();
    const [vs] = all<{ id: string }>(db, "SELECT id FROM vital_signs WHERE value IS NOT NULL LIMIT 1");
    run(db, "UPDATE vital_signs SET unit = NULL WHERE id = ?", vs.id);
    expectFinding(db, "vital-without-unit", vs.id);
  });
});
