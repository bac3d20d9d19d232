/**
 * The laboratory section against the in-process partner service. The expected counts are read straight from the
 * service's database with SQL, independently of the portal's code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, northstarCreds, type TestService } from "@/partner-service/testing";
import { loadLaboratory } from "./load";
import { DEFAULT_QUERY, type LabQuery } from "./query";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

function cacheWithLog() {
  const urls: string[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return t.fetch(input, init);
  }) as typeof globalThis.fetch;
  const retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
  return {
    cache: new StudyCache({ ttlMs: 60_000, maxBytes: 64 << 20, client: { fetch, retry, pageSize: 500 } }),
    urls,
  };
}

const load = (cache: StudyCache, over: Partial<LabQuery> = {}) =>
  loadLaboratory(cachedStudy(cache, northstarCreds, "ONC-101"), { ...DEFAULT_QUERY, ...over });

const sortKey = (c: Count) => JSON.stringify([c.key, c.unit]);
const byKeyAndUnit = (a: Count, b: Count) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0);

type Count = { key: string; unit: string | null; subjects: number; results: number; numeric: number; text: number };

describe("the laboratory section through the cache", () => {
  it("loads only the laboratory results, and its overview equals what the database holds", async () => {
    const { cache, urls } = cacheWithLog();
    const view = await load(cache);
    expect(urls.filter((u) => u.includes("researchstudy=")).every((u) => u.includes("category=laboratory"))).toBe(true);
    const expected = t.db
      .prepare(
        `SELECT coalesce('code:' || service_code, 'name:' || test_code) AS key, unit,
           count(DISTINCT subject_id) AS subjects, count(*) AS results, count(value) AS numeric,
           count(value_string) AS text
         FROM lab_results WHERE study_number = 'ONC-101' GROUP BY key, unit`,
      )
      .all() as Count[];
    const got = view.overview
      .map((r) => ({
        key: r.testKey,
        unit: r.unit,
        subjects: r.subjects,
        results: r.results,
        numeric: r.numeric,
        text: r.text,
      }))
      .sort(byKeyAndUnit);
    expect(got).toEqual(expected.sort(byKeyAndUnit));
    expect(view.rule).toBe("named visit");
    expect(view.test).toBeNull();
    expect(view.rejected).toEqual([]);
  });

  it("builds the overview once per cached entry, and a test's view for the test in the URL", async () => {
    const { cache } = cacheWithLog();
    const first = await load(cache);
    const again = await load(cache, { test: "code:LB0214" });
    expect(again.overview).toBe(first.overview);
    const alt = again.test!;
    expect(alt).toMatchObject({ key: "code:LB0214", name: "ALT", code: "LB0214" });
    const rows = t.db
      .prepare(
        `SELECT subject_id, visit, collected_at, value FROM lab_results
         WHERE study_number = 'ONC-101' AND service_code = 'LB0214' AND unit = 'U/L'`,
      )
      .all() as { subject_id: string; visit: string; collected_at: string; value: number }[];
    const series = alt.series.find((s) => s.unit === "U/L")!;
    expect(series.numeric).toBe(rows.length);
    expect(series.boxes.reduce((n, b) => n + b.n, 0)).toBe(rows.length);
    // Every ALT result of the demo data carries its range: the chart may draw it.
    expect([series.ranges, series.unranged]).toEqual([["<=40"], 0]);
    // Highest category after baseline, by hand from the rules: range "<=40", H above 40; baseline the last
    // Screening result.
    const bySubject = new Map<string, typeof rows>();
    for (const r of rows) bySubject.set(r.subject_id, [...(bySubject.get(r.subject_id) ?? []), r]);
    const cells = new Map<string, number>();
    for (const results of bySubject.values()) {
      const screening = results
        .filter((r) => r.visit === "Screening")
        .sort((a, b) => a.collected_at.localeCompare(b.collected_at));
      const base = screening.at(-1);
      const after = results.filter((r) => r.visit !== "Screening");
      const b = base ? (base.value > 40 ? "H" : "N") : "M";
      const w = after.length === 0 ? "M" : after.some((r) => r.value > 40) ? "H" : "N";
      cells.set(`${b}${w}`, (cells.get(`${b}${w}`) ?? 0) + 1);
    }
    expect(cells.size).toBeGreaterThan(1);
    for (const [cell, n] of cells) expect(series.shift.high[cell[0] as "N"][cell[1] as "N"], cell).toBe(n);
    const total = Object.values(series.shift.high).reduce(
      (n, row) => n + Object.values(row).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(bySubject.size);
  });

  it("lists the subjects of a shift-table cell, and drops a choice the data does not have", async () => {
    const { cache } = cacheWithLog();
    const all = await load(cache, { test: "code:LB0214", unit: "U/L", show: "all" });
    const series = all.test!.series.find((s) => s.unit === "U/L")!;
    const shift = { direction: "high", baseline: "N", worst: "N" } as const;
    const cell = await load(cache, { test: "code:LB0214", unit: "U/L", show: "all", shift });
    const subjects = new Set(cell.test!.listing.map((r) => r.subjectId));
    expect(subjects.size).toBe(series.shift.high.N.N);
    expect(cell.test!.shiftSubjects).toBe(series.shift.high.N.N);
    // A row total: baseline N, any category after; a column total: any baseline, highest N after.
    const row = await load(cache, { test: "code:LB0214", unit: "U/L", show: "all", shift: { ...shift, worst: null } });
    const { L, N, H, M } = series.shift.high.N;
    expect(new Set(row.test!.listing.map((r) => r.subjectId)).size).toBe(L + N + H + M);
    expect(row.test!.shiftSubjects).toBe(L + N + H + M);
    const column = await load(cache, {
      test: "code:LB0214",
      unit: "U/L",
      show: "all",
      shift: { ...shift, baseline: null },
    });
    const inColumn = ["L", "N", "H", "M"].map((b) => series.shift.high[b as "N"].N).reduce((a, b) => a + b, 0);
    expect(new Set(column.test!.listing.map((r) => r.subjectId)).size).toBe(inColumn);
    const odd = await load(cache, { test: "code:LB0214", unit: "furlongs", visit: "Nowhere", shift });
    expect(odd.test!.choice).toEqual({ unit: undefined, visit: undefined, show: "abnormal", shift: null });
    const unknown = await load(cache, { test: "code:NOPE" });
    expect([unknown.test, unknown.unknownTest]).toEqual([null, true]);
  });

  it("lists the results a data note counts, over every test, once per cached entry", async () => {
    const { cache } = cacheWithLog();
    const count = (where: string) =>
      (
        t.db.prepare(`SELECT count(*) AS n FROM lab_results WHERE study_number = 'ONC-101' AND ${where}`).get() as {
          n: number;
        }
      ).n;
    const cases: [LabQuery["issue"], string][] = [
      ["text", "value IS NULL AND value_string IS NOT NULL"],
      ["no-unit", "value IS NOT NULL AND unit IS NULL"],
      ["no-range", "value IS NOT NULL AND reference_range IS NULL"],
    ];
    for (const [issue, where] of cases) {
      const view = await load(cache, { issue });
      expect(view.issue?.rows.length, String(issue)).toBe(count(where));
      expect((await load(cache, { issue })).issue?.rows).toBe(view.issue?.rows);
    }
    expect(count("value IS NULL AND value_string IS NOT NULL")).toBeGreaterThan(0);
    // With a test chosen, the view is the test's: no study-wide listing.
    expect((await load(cache, { issue: "text", test: "code:LB0214" })).issue).toBeNull();
  });
});
