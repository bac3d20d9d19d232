/**
 * Sections loaded through the study filter, against the in-process partner service: N and the counts of the
 * adverse events follow the filtered population, the laboratory results are those of its subjects. Expected values
 * are read from the service's database with SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadAdverseEvents } from "@/sections/adverse-events/load";
import { parseAeQuery } from "@/sections/adverse-events/query";
import { filteredStudy, populationOf } from "./filtered-study";
import { parseStudyFilter } from "./study-filter";

let t: TestService;
let cache: StudyCache;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
  cache = new StudyCache({ ttlMs: 60_000, maxBytes: 64 * 1024 * 1024, client: { fetch: t.fetch } });
});
afterAll(() => t.db.close());

const sql = <T>(text: string, ...args: unknown[]) => t.db.prepare(text).all(...args) as T[];
const study = () => cachedStudy(cache, credsOf(northstar), "ONC-101");
const filterOf = (query: string) => parseStudyFilter(new URLSearchParams(query));

describe("a section loaded through the study filter", () => {
  it("counts the adverse events of the female subjects over N = the female members", async () => {
    const women = sql<{ subject_id: string }>(
      "SELECT subject_id FROM subjects WHERE study_number = 'ONC-101' AND gender = 'female'",
    ).map((r) => r.subject_id);
    const withEvents = sql<{ n: number }>(
      `SELECT count(DISTINCT a.subject_id) AS n FROM adverse_events a JOIN subjects s USING (subject_id)
       WHERE a.study_number = 'ONC-101' AND s.gender = 'female'`,
    )[0].n;
    expect(women.length).toBeGreaterThan(0);
    const view = await loadAdverseEvents(
      filteredStudy(study(), filterOf("only_sex=Female")),
      parseAeQuery(new URLSearchParams()),
    );
    expect(view.overview.n).toBe(women.length);
    expect(view.overview.any).toBe(withEvents);
    expect(view.listing.length).toBeGreaterThan(0);
    expect(view.listing.filter((r) => !women.includes(r.subjectId as string))).toEqual([]);
  });

  it("keeps exactly the laboratory results of the chosen subjects", async () => {
    const [first, second] = sql<{ subject_id: string }>(
      "SELECT subject_id FROM subjects WHERE study_number = 'ONC-101' ORDER BY seq",
    ).map((r) => r.subject_id);
    const filter = filterOf(`only_subjects=${first},${second}`);
    const all = (await study().rows("laboratory")).value.rows;
    const kept = (await filteredStudy(study(), filter).rows("laboratory")).value.rows;
    expect(kept).toEqual(all.filter((r) => r.subjectId === first || r.subjectId === second));
    const population = await populationOf(study(), filter);
    expect(population.of).toBe(sql("SELECT 1 FROM subjects WHERE study_number = 'ONC-101'").length);
  });
});
