/**
 * The data checks against the in-process partner service with the demo data's default settings: every deliberate
 * imperfection docs/partner-service.md lists is found, with its values, and nothing else; the same study generated
 * without imperfections gives no finding at all. Its table is the expectation, read here as text.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, lakeside, northstar, type TestService } from "@/partner-service/testing";
import { loadDataChecks } from "./load";
import { NO_CHECKS_FILTER, parseDataChecksQuery } from "./query";

const env = parseEnv({});
const DEMO = { subjects: env.DEMO_SUBJECTS, visits: env.DEMO_VISITS, seed: env.DEMO_SEED };
// What each kind of imperfection must make the checks find (docs/clinical-rules.md, Data checks), written out here.
const RULES_OF_KIND: Record<string, string[]> = {
  assessment_conclusion_mismatch: ["conclusion"],
  // Its changes were computed from the wrong sum, so they are off by as much.
  assessment_sum_mismatch: ["target-sum", "changes"],
  assessment_missed_follow_up: ["interval"],
  lab_missing_unit: ["lab-no-unit"],
  ae_end_before_start: ["ae-end-before-start"],
  ae_missing_grade: ["ae-no-grade"],
};

/** The table's rows `| kind | study | subject | record | what to look for |`. */
const LISTED = readFileSync(new URL("../../docs/partner-service.md", import.meta.url), "utf8")
  .split("\n")
  .map((line) => line.split("|").map((cell) => cell.trim().replace(/^`|`$/g, "")))
  .filter((cells) => cells[1] in RULES_OF_KIND)
  .map(([, kind, study, subject, record, look]) => ({ kind, study, subject, record, look }));

let demo: TestService;
let clean: TestService;
beforeAll(async () => {
  [demo, clean] = await Promise.all([
    createTestService({ data: DEMO }),
    createTestService({ data: { ...DEMO, imperfections: false } }),
  ]);
}, 120_000);
afterAll(() => {
  demo.db.close();
  clean.db.close();
});

/** ONC-102 is granted to Lakeside only. */
const credsFor = (study: string) => credsOf(study === "ONC-102" ? lakeside : northstar);
const checks = (t: TestService, study: string, query = NO_CHECKS_FILTER) =>
  loadDataChecks(cachedStudy(cacheWithLog(t.fetch).cache, credsFor(study), study), query);

describe("data checks on the demo data", () => {
  it("reads the documented list: rows of the three studies", () =>
    expect(new Set(LISTED.map((r) => r.study))).toEqual(new Set(["ONC-101", "ONC-102", "CARD-201"])));

  it.each(["ONC-101", "ONC-102", "CARD-201"])(
    "find every imperfection of %s listed in docs/partner-service.md, nothing else",
    async (study) => {
      const view = await checks(demo, study);
      const expected = LISTED.filter((r) => r.study === study).flatMap((r) =>
        RULES_OF_KIND[r.kind].map((rule) => `${rule} ${r.subject} ${r.record}`),
      );
      expect(expected.length).toBeGreaterThan(0);
      const found = view.findings.map((f) => `${f.rule} ${f.subjectId} ${f.records[0].key}`);
      expect(found.sort()).toEqual(expected.sort());
      expect(view.total).toBe(expected.length);
      expect(view.recistApplies).toBe(study !== "CARD-201");
    },
  );

  it("say the values the list describes", async () => {
    for (const study of ["ONC-101", "ONC-102"]) {
      const view = await checks(demo, study);
      const at = (rule: string, key: string) => view.findings.find((f) => f.rule === rule && f.records[0].key === key)!;
      for (const r of LISTED.filter((x) => x.study === study)) {
        const sum = /reported ([\d.]+) mm, target lesions ([\d.]+) mm/.exec(r.look);
        if (sum) {
          expect(at("target-sum", r.record).found).toBe(`reported ${sum[1]} mm`);
          expect(at("target-sum", r.record).expected).toMatch(new RegExp(`^${sum[2].replace(".", "\\.")} mm,`));
        }
        const gap = /: (\d+ days after .+)$/.exec(r.look);
        if (gap) expect(at("interval", r.record).found).toBe(gap[1]);
        const pr = /([\d.]+) % under the baseline/.exec(r.look);
        if (pr) {
          expect(at("conclusion", r.record).found).toBe('signed "Partial Response"');
          expect(at("conclusion", r.record).expected).toContain(
            `Stable Disease: targets SD (-${pr[1]} % from baseline)`,
          );
        }
      }
    }
  });

  it("count per rule and filter by rule and subject; unknown filters are dropped", async () => {
    const view = await checks(demo, "ONC-101", parseDataChecksQuery(new URLSearchParams("rule=ae-no-grade")));
    expect(view.findings.map((f) => f.subjectId)).toEqual(["103-0001", "103-0007"]);
    expect(view.counts.find((c) => c.rule === "ae-no-grade")).toEqual({
      rule: "ae-no-grade",
      findings: 2,
      subjects: 2,
    });
    expect(view.counts.reduce((n, c) => n + c.findings, 0)).toBe(view.total);
    const one = await checks(demo, "ONC-101", parseDataChecksQuery(new URLSearchParams("subject=103-0007")));
    expect(one.findings.map((f) => f.rule)).toEqual(["ae-no-grade"]);
    const bad = await checks(demo, "ONC-101", parseDataChecksQuery(new URLSearchParams("rule=x&subject=nobody")));
    expect(bad.filter).toEqual(NO_CHECKS_FILTER);
    expect(bad.findings.length).toBe(bad.total);
  });
});

describe("data checks on data generated without imperfections", () => {
  it.each(["ONC-101", "ONC-102", "CARD-201"])("find nothing in %s", async (study) => {
    const view = await checks(clean, study);
    expect(view.findings).toEqual([]);
    expect(view.total).toBe(0);
    if (study !== "CARD-201") expect(view.response.checked).toBeGreaterThan(0);
  });
});
