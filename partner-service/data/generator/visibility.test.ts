import { describe, expect, it } from "vitest";
import { type AssessmentRow, all, assessments, generate, latestByCase, lesions } from "./test-fixture";

/** The rule, restated: signed, highest case revision, highest assessment revision within it. */
function shouldServe(rows: AssessmentRow[]): Set<number> {
  const served = new Set<number>();
  for (const r of rows) {
    const sameCase = rows.filter((o) => o.case_id === r.case_id);
    const topCase = Math.max(...sameCase.map((o) => o.case_revision));
    const sameAssessment = sameCase.filter(
      (o) => o.assessment_id === r.assessment_id && o.case_revision === r.case_revision,
    );
    const topRevision = Math.max(...sameAssessment.map((o) => o.assessment_revision));
    if (r.pi_signed === 1 && r.case_revision === topCase && r.assessment_revision === topRevision) served.add(r.row_id);
  }
  return served;
}

describe("visibility of assessments and lesions", () => {
  const { db } = generate();
  const rows = assessments(db);
  const served = shouldServe(rows);
  const subjectSeq = new Map(
    all<{ subject_id: string; seq: number }>(db, "SELECT subject_id, seq FROM subjects").map((s) => [
      s.subject_id,
      s.seq,
    ]),
  );

  it("serves exactly the rows the rule allows", () => {
    for (const r of rows)
      expect(r.vis_seq !== null, `${r.assessment_id} rev ${r.case_revision}/${r.assessment_revision}`).toBe(
        served.has(r.row_id),
      );
    expect(rows.filter((r) => r.vis_seq !== null).every((r) => r.pi_signed === 1)).toBe(true);
  });

  it("the demo holds unsigned rows, superseded assessment revisions and superseded case revisions", () => {
    const latest = new Set([...latestByCase(rows).values()].flat().map((r) => r.row_id));
    expect(rows.some((r) => latest.has(r.row_id) && r.pi_signed === 0)).toBe(true);
    const supersededAssessment = rows.filter((r) =>
      rows.some(
        (o) =>
          o.assessment_id === r.assessment_id &&
          o.case_revision === r.case_revision &&
          o.assessment_revision > r.assessment_revision,
      ),
    );
    expect(supersededAssessment.length).toBeGreaterThan(0);
    expect(rows.some((r) => rows.some((o) => o.case_id === r.case_id && o.case_revision > r.case_revision))).toBe(true);
    // A re-opened assessment whose new revision awaits signature hides the old signed one too.
    const hidden = supersededAssessment.filter(
      (r) =>
        r.pi_signed === 1 &&
        r.vis_seq === null &&
        !rows.some((o) => o.assessment_id === r.assessment_id && o.vis_seq !== null),
    );
    expect(hidden.length).toBeGreaterThan(0);
  });

  it("numbers served rows 1..n per study by subject, then timepoint", () => {
    for (const { study_number } of all<{ study_number: string }>(db, "SELECT DISTINCT study_number FROM assessments")) {
      const vis = rows
        .filter((r) => r.study_number === study_number && r.vis_seq !== null)
        .sort((a, b) => (a.vis_seq as number) - (b.vis_seq as number));
      expect(vis.map((r) => r.vis_seq)).toEqual(vis.map((_, i) => i + 1));
      const keys = vis.map((r) => [subjectSeq.get(r.subject_id) as number, r.timepoint]);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(keys).toEqual(sorted);
      expect(new Set(vis.map((r) => r.assessment_id)).size).toBe(vis.length);
    }
  });

  it("serves a lesion iff its assessment row is served, numbered 1..n per study in assessment order", () => {
    const byRow = new Map(rows.map((r) => [r.row_id, r]));
    const ls = lesions(db);
    for (const l of ls) expect(l.vis_seq !== null).toBe(byRow.get(l.assessment_row)?.vis_seq !== null);
    for (const study of new Set(ls.map((l) => l.study_number))) {
      const vis = ls
        .filter((l) => l.study_number === study && l.vis_seq !== null)
        .sort((a, b) => (a.vis_seq as number) - (b.vis_seq as number));
      expect(vis.map((l) => l.vis_seq)).toEqual(vis.map((_, i) => i + 1));
      const order = vis.map((l) => byRow.get(l.assessment_row)?.vis_seq as number);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(new Set(vis.map((l) => l.lesion_id)).size).toBe(vis.length);
    }
  });

  it("lesion IDs are <case_id>-<assessment_id>-<label> and shared across revisions", () => {
    const byRow = new Map(rows.map((r) => [r.row_id, r]));
    const ls = lesions(db);
    for (const l of ls) {
      const a = byRow.get(l.assessment_row) as AssessmentRow;
      expect(l.lesion_id).toBe(`${a.case_id}-${a.assessment_id}-${l.label}`);
      expect(l.subject_id).toBe(a.subject_id);
      expect(l.effective_at).toBe(a.effective_at);
    }
    const revised = rows.find((r) =>
      rows.some((o) => o.assessment_id === r.assessment_id && o.row_id !== r.row_id),
    ) as AssessmentRow;
    const idsOf = (rowId: number) =>
      ls
        .filter((l) => l.assessment_row === rowId)
        .map((l) => l.lesion_id)
        .sort();
    const other = rows.find(
      (o) => o.assessment_id === revised.assessment_id && o.row_id !== revised.row_id,
    ) as AssessmentRow;
    expect(idsOf(other.row_id)).toEqual(idsOf(revised.row_id));
  });

  it("a study not using RECIST 1.1 has no served assessments or lesions at all", () => {
    const nonRecist = all<{ study_number: string }>(
      db,
      "SELECT study_number FROM studies WHERE criteria <> 'RECIST 1.1'",
    );
    expect(nonRecist.length).toBeGreaterThan(0);
    for (const { study_number } of nonRecist) {
      expect(
        all(db, "SELECT COUNT(*) AS n FROM assessments WHERE study_number = ? AND vis_seq IS NOT NULL", study_number),
      ).toEqual([{ n: 0 }]);
      expect(
        all(db, "SELECT COUNT(*) AS n FROM lesions WHERE study_number = ? AND vis_seq IS NOT NULL", study_number),
      ).toEqual([{ n: 0 }]);
    }
  });
});
