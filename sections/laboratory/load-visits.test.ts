/**
 * The laboratory and vital-signs sections put a study's visits in one order (docs/clinical-rules.md, Visit order
 * of a study), against the in-process partner service. The data (seed 2, 12 subjects, 8 visits) is one where a
 * calendar median of the visit dates puts End of Treatment after Cycle 6 although a typical subject ends treatment
 * after Cycle 5: the test checks that it is so, then that both views follow the subject-course rule. Expected
 * orders come from SQL and code of the tests' own (./visit-order-expected.ts), not from the portal's functions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog } from "@/lib/study/testing";
import { expectedVisitOrder } from "@/lib/study/visit-order-expected";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadVitalSigns } from "@/sections/vital-signs/load";
import { parseVitalQuery } from "@/sections/vital-signs/query";
import { loadLaboratory } from "./load";
import { DEFAULT_QUERY } from "./query";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 8, seed: 2 } });
});
afterAll(() => t.db.close());

const all = <T>(sql: string) => t.db.prepare(sql).all() as T[];
const courseOrder = (table: "lab_results" | "vital_signs") => expectedVisitOrder(t.db, table, "ONC-101");

/** The order the laboratory section used to give ALT: by each visit's median collection time (lower middle). */
function calendarOrder(): string[] {
  const rows = all<{ visit: string; at: string }>(
    `SELECT visit, collected_at AS at FROM lab_results
     WHERE study_number = 'ONC-101' AND service_code = 'LB0214' AND value IS NOT NULL`,
  );
  const dates = new Map<string, string[]>();
  for (const r of rows) dates.set(r.visit, [...(dates.get(r.visit) ?? []), r.at]);
  const middle = (d: string[]) => [...d].sort()[Math.floor((d.length - 1) / 2)];
  return [...dates.entries()].sort((a, b) => middle(a[1]).localeCompare(middle(b[1]))).map(([visit]) => visit);
}

const previous = (order: string[], visit: string) => order[order.indexOf(visit) - 1];

describe("one visit order for the laboratory and vital-signs sections", () => {
  it("the data is a case where the calendar median misplaces End of Treatment", () => {
    const course = courseOrder("lab_results");
    expect(previous(course, "End of Treatment")).toBe("Cycle 5 Day 1");
    expect(previous(calendarOrder(), "End of Treatment")).toBe("Cycle 6 Day 1");
    // The vital signs are taken at the same visits on the same days: their own records give the same order.
    expect(courseOrder("vital_signs")).toEqual(course);
  });

  it("orders every laboratory test's visits, and the vital signs', by the study's visit order", async () => {
    const { cache } = cacheWithLog(t.fetch);
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const lab = courseOrder("lab_results");
    const overview = await loadLaboratory(study, DEFAULT_QUERY);
    expect(overview.tests.length).toBeGreaterThan(5);
    for (const { key } of overview.tests) {
      const view = (await loadLaboratory(study, { ...DEFAULT_QUERY, test: key })).test!;
      for (const series of view.series) {
        const visits = series.boxes.map((b) => b.visit);
        expect(visits, `${key} in ${series.unit}`).toEqual(lab.filter((v) => visits.includes(v)));
      }
    }
    const vitals = await loadVitalSigns(study, parseVitalQuery(new URLSearchParams()));
    expect(vitals.chosen?.numbers?.visits.map((v) => v.visit)).toEqual(courseOrder("vital_signs"));
  });
});
