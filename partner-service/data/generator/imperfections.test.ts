import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { demoStudies, IMPERFECTIONS, type ImperfectionKind } from "./generate-dataset";
import { targetSum } from "./recist-rules";
import { findingLines, plantedLines } from "./test-data-checks";
import { all, assessments, daysBetween, generate, imperfections, latestByCase, lesionsByRow } from "./test-fixture";

describe("deliberate imperfections", () => {
  const { db, result } = generate();
  const recorded = imperfections(db);
  const keysOf = (kind: string) => recorded.find((i) => i.kind === kind)?.records ?? [];
  const rows = assessments(db);
  const byRow = lesionsByRow(db);
  const servedRow = (aid: string) => rows.find((r) => r.assessment_id === aid && r.vis_seq !== null);

  it("every documented kind is present in the demo, and what is stored is what was returned", () => {
    expect(recorded.map((i) => i.kind)).toEqual(IMPERFECTIONS.map((i) => i.kind));
    for (const i of recorded) expect(i.records.length, i.kind).toBeGreaterThan(0);
    expect(recorded).toEqual(result.imperfections);
  });

  it("the flaws are few", () => {
    const total = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(keysOf("lab_missing_unit").length).toBeLessThan(total("lab_results") / 1000);
    expect(keysOf("ae_missing_grade").length).toBeLessThan(total("adverse_events") / 20);
    expect(keysOf("assessment_conclusion_mismatch").length).toBeLessThanOrEqual(4);
  });

  it("a signed 'Partial Response' whose sum fell less than 30 %", () => {
    for (const { key } of keysOf("assessment_conclusion_mismatch")) {
      const r = servedRow(key);
      expect(r?.conclusion).toBe("Partial Response");
      const baseline = (latestByCase(rows).get(r!.case_id) ?? [])[0].current_value as number;
      expect(r!.current_value as number).toBeGreaterThan(0.7 * baseline);
      expect(r!.current_value as number).toBeLessThan(0.9 * baseline);
    }
  });

  it("a reported target sum that is not the sum of its target lesions", () => {
    for (const { key } of keysOf("assessment_sum_mismatch")) {
      const r = servedRow(key)!;
      const targets = (byRow.get(r.row_id) ?? [])
        .filter((l) => l.category === "Target")
        .map((l) => ({ state: l.state, isNode: l.is_node === 1, value: l.value }));
      const diff = Math.abs((r.current_value as number) - (targetSum(targets) as number));
      expect(diff).toBeGreaterThanOrEqual(1.5);
      expect(diff).toBeLessThanOrEqual(4.05);
    }
  });

  it("a missed follow-up leaves a double gap before the recorded assessment", () => {
    for (const { key } of keysOf("assessment_missed_follow_up")) {
      const r = servedRow(key)!;
      const series = latestByCase(rows).get(r.case_id)!;
      const prev = series[series.indexOf(r) - 1];
      expect(daysBetween(prev.effective_at, r.effective_at)).toBeGreaterThanOrEqual(76);
    }
  });

  it("lab results without unit, AEs ending before they start, AEs without grade", () => {
    for (const { key } of keysOf("lab_missing_unit")) {
      expect(all(db, "SELECT unit, value IS NOT NULL AS numeric FROM lab_results WHERE id = ?", key)).toEqual([
        { unit: null, numeric: 1 },
      ]);
    }
    expect(all(db, "SELECT COUNT(*) AS n FROM lab_results WHERE unit IS NULL AND value IS NOT NULL")).toEqual([
      { n: keysOf("lab_missing_unit").length },
    ]);
    for (const { key } of keysOf("ae_end_before_start")) {
      const [ae] = all<{ start_at: string; end_date: string }>(
        db,
        "SELECT start_at, end_date FROM adverse_events WHERE ae_key = ?",
        key,
      );
      expect(ae.end_date < ae.start_at.slice(0, 10)).toBe(true);
    }
    for (const { key } of keysOf("ae_missing_grade")) {
      expect(all(db, "SELECT grade FROM adverse_events WHERE ae_key = ?", key)).toEqual([{ grade: null }]);
    }
    expect(all(db, "SELECT COUNT(*) AS n FROM adverse_events WHERE grade IS NULL")).toEqual([
      { n: keysOf("ae_missing_grade").length },
    ]);
  });
});

describe("the documented list of the demo data's imperfections (docs/partner-service.md)", () => {
  const e = parseEnv({});
  const { db } = generate({
    seed: e.DEMO_SEED,
    studies: demoStudies({ subjects: e.DEMO_SUBJECTS, visits: e.DEMO_VISITS }),
  });
  const readme = readFileSync(new URL("../../../docs/partner-service.md", import.meta.url), "utf8");
  const kinds = new Set(IMPERFECTIONS.map((i) => i.kind));
  /** Rows `| kind | study | subject | record | ... |` whose kind is one of the generator's. */
  const listed = readme
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim().replace(/^`|`$/g, "")))
    .filter((cells) => kinds.has(cells[1] as ImperfectionKind))
    .map((cells) => cells.slice(1, 5).join(" "));
  const subjectOf = (table: string, key: string) => {
    const column = { assessments: "assessment_id", lab_results: "id", adverse_events: "ae_key" }[table];
    return all<{ s: string }>(db, `SELECT DISTINCT subject_id AS s FROM ${table} WHERE ${column} = ?`, key)[0].s;
  };
  const generated = imperfections(db).flatMap((i) =>
    i.records.map((r) => [i.kind, r.study_number, subjectOf(r.table, r.key), r.key].join(" ")),
  );

  it("names every imperfection of the default demo data, with its study and subject, and nothing else", () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual(generated);
  });

  it("each of which the demo data really has: the portal's data checks find it, and nothing more", () => {
    expect(plantedLines(db).length).toBe(listed.length + 2);
    expect(findingLines(db)).toEqual(plantedLines(db));
  });
});
