import { describe, expect, it } from "vitest";
import { demoStudies, type GenerateOptions } from "./generate-dataset";
import { dataFindings, findingLines, plantedLines, RULES_OF_KIND } from "./test-data-checks";
import { all, DEMO_SEED, dump, generate, imperfections } from "./test-fixture";

const clean = (opts: GenerateOptions) => generate({ ...opts, imperfections: false });

describe("the data checks on the default data", () => {
  const { db } = generate();

  it("find exactly the recorded imperfections, each by the rules it breaks, and nothing else", () => {
    expect(plantedLines(db).length).toBeGreaterThan(0);
    expect(findingLines(db)).toEqual(plantedLines(db));
  });
});

describe("data generated without imperfections", () => {
  const demo = clean({ seed: DEMO_SEED, studies: demoStudies() });

  it("records no imperfection of any kind", () => {
    const recorded = imperfections(demo.db);
    expect(recorded.map((i) => i.kind)).toEqual(Object.keys(RULES_OF_KIND));
    expect(recorded.flatMap((i) => i.records)).toEqual([]);
    expect(demo.result.imperfections).toEqual(recorded);
  });

  it("breaks no rule: sums, changes and conclusions recompute, baselines follow RECIST, no gap or flaw", () => {
    expect(dataFindings(demo.db)).toEqual([]);
  });

  it("breaks no rule in a long study either (9-weekly imaging after week 48, many random courses)", () => {
    const long = clean({ seed: DEMO_SEED, studies: [{ ...demoStudies()[0], subjects: 150, visits: 30 }] });
    expect(all(long.db, "SELECT COUNT(*) AS n FROM assessments WHERE timepoint >= 10")).not.toEqual([{ n: 0 }]);
    expect(dataFindings(long.db)).toEqual([]);
  });

  it("still shows every signed response, progression after response and not-evaluable targets", () => {
    const conclusions = all<{ conclusion: string }>(
      demo.db,
      "SELECT DISTINCT conclusion FROM assessments WHERE vis_seq IS NOT NULL ORDER BY conclusion",
    ).map((r) => r.conclusion);
    expect(conclusions).toEqual([
      "Complete Response",
      "Non-CR/Non-PD",
      "Not Evaluable",
      "Partial Response",
      "Progressive Disease",
      "Stable Disease",
      "Undefined",
    ]);
  });

  it("has the same subjects as the default data, and is as deterministic", () => {
    const withFlaws = generate({ seed: DEMO_SEED, studies: demoStudies() });
    const subjects = (db: typeof demo.db) => all(db, "SELECT * FROM subjects ORDER BY rowid");
    expect(subjects(demo.db)).toEqual(subjects(withFlaws.db));
    expect(dump(demo.db)).not.toBe(dump(withFlaws.db));
    expect(dump(clean({ seed: DEMO_SEED, studies: demoStudies() }).db)).toBe(dump(demo.db));
  });
});
