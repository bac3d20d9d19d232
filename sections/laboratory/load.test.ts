/**
 * The laboratory section against the in-process partner service. The expected counts are read straight from the
 * service's database with SQL, independently of the portal's code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog as logCache } from "@/lib/study/testing";
import { expectedVisitOrder } from "@/lib/study/visit-order-expected";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, northstarCreds, type TestService } from "@/partner-service/testing";
import { loadVitalSigns } from "@/sections/vital-signs/load";
import { parseVitalQuery } from "@/sections/vital-signs/query";
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

/** Rows grouped by a key, in order of first appearance. */
function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

/** Days from one `YYYY-MM-DD` to another. */
const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * The study drug's first and last dose per subject of ONC-101, straight from the service's database, by the rules of
 * docs/clinical-rules.md (Study drug and exposure): records whose drug names the study's agent (the suspect product
 * of its adverse events); first dose the earliest start day, last dose the latest end day (the start where there is
 * no end, or an end before the start), on drug while a record has no end.
 */
function studyDrug(seeded: TestService) {
  const aes = seeded.db.prepare("SELECT count(*) AS n FROM adverse_events WHERE study_number = 'ONC-101'").get();
  expect((aes as { n: number }).n).toBeGreaterThan(0);
  const rows = seeded.db
    .prepare(
      `SELECT subject_id, min(substr(start_at, 1, 10)) AS first,
         max(CASE WHEN end_at IS NULL OR substr(end_at, 1, 10) < substr(start_at, 1, 10)
             THEN substr(start_at, 1, 10) ELSE substr(end_at, 1, 10) END) AS last,
         max(end_at IS NULL) AS ongoing
       FROM medications m JOIN studies s USING (study_number)
       WHERE study_number = 'ONC-101' AND instr(lower(m.drug), lower(s.agent)) > 0
       GROUP BY subject_id`,
    )
    .all() as { subject_id: string; first: string; last: string; ongoing: number }[];
  return new Map(rows.map((r) => [r.subject_id, { first: r.first, last: r.last, ongoing: r.ongoing === 1 }]));
}

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

  it("builds the overview once per cached entry, and a test's detail for the test in the URL", async () => {
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
    // Highest category after baseline, by hand from the rules: range "<=40", H above 40; baseline the last result on
    // or before the day of the first dose, after baseline the results dated after that day up to the last dose + 30
    // days (every subject of the demo data has the study drug's records).
    const cells = new Map<string, number>();
    const bySubject = groupBy(rows, (r) => r.subject_id);
    const exposure = studyDrug(t);
    expect(exposure.size).toBe(bySubject.size);
    let late = 0;
    for (const [subject, results] of bySubject) {
      const e = exposure.get(subject)!;
      const day = (r: (typeof rows)[number]) => r.collected_at.slice(0, 10);
      const before = results
        .filter((r) => day(r) <= e.first)
        .sort((a, b) => a.collected_at.localeCompare(b.collected_at));
      const base = before.at(-1);
      const inWindow = (r: (typeof rows)[number]) => e.ongoing || daysFrom(e.last, day(r)) <= 30;
      const after = results.filter((r) => day(r) > e.first && inWindow(r));
      late += results.filter((r) => day(r) > e.first && !inWindow(r)).length;
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
    expect(series.late).toBe(late);
    expect(alt.bases).toEqual({ "first dose": bySubject.size, "named visit": 0, "first result": 0 });
  });

  it("leaves the results after a shorter window out, and lists exactly them", async () => {
    const { cache } = cacheWithLog();
    const rows = t.db
      .prepare(
        `SELECT subject_id, collected_at FROM lab_results
         WHERE study_number = 'ONC-101' AND service_code = 'LB0214' AND unit = 'U/L'`,
      )
      .all() as { subject_id: string; collected_at: string }[];
    const exposure = studyDrug(t);
    // With a window of 0 days, a result dated after the last dose's day is late, unless the subject is on drug.
    const late = rows.filter((r) => {
      const e = exposure.get(r.subject_id)!;
      const day = r.collected_at.slice(0, 10);
      return day > e.first && !e.ongoing && daysFrom(e.last, day) > 0;
    });
    expect(late.length).toBeGreaterThan(0);
    const view = await load(cache, { test: "code:LB0214", unit: "U/L", window: 0, show: "all", phase: "late" });
    const series = view.test!.series.find((s) => s.unit === "U/L")!;
    expect(series.late).toBe(late.length);
    expect(view.test!.listing.length).toBe(late.length);
    expect(view.test!.listing.every((r) => r.phase === "late")).toBe(true);
    expect(view.window).toEqual({ days: 0, ignored: false });
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
    expect(odd.test!.choice).toEqual({
      unit: undefined,
      visit: undefined,
      show: "abnormal",
      shift: null,
      phase: null,
      valueMax: null,
    });
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

/**
 * A calendar order of ALT's visits, by each visit's median collection time (lower middle): what the subject-course
 * rule does not follow (docs/clinical-rules.md, Visit order of a study).
 */
function calendarOrder(seeded: TestService): string[] {
  const rows = seeded.db
    .prepare(
      `SELECT visit, collected_at AS at FROM lab_results
     WHERE study_number = 'ONC-101' AND service_code = 'LB0214' AND value IS NOT NULL`,
    )
    .all() as { visit: string; at: string }[];
  const dates = new Map<string, string[]>();
  for (const r of rows) dates.set(r.visit, [...(dates.get(r.visit) ?? []), r.at]);
  const middle = (d: string[]) => [...d].sort()[Math.floor((d.length - 1) / 2)];
  return [...dates.entries()].sort((a, b) => middle(a[1]).localeCompare(middle(b[1]))).map(([visit]) => visit);
}

const previous = (order: string[], visit: string) => order[order.indexOf(visit) - 1];

/**
 * The laboratory and vital-signs sections put a study's visits in one order (docs/clinical-rules.md, Visit order
 * of a study). The data (seed 2, 12 subjects, 8 visits) is one where a calendar median of the visit dates puts End
 * of Treatment after Cycle 6 although the schedule puts it after the last cycle, Cycle 7: the test checks that it
 * is so, then that both sections follow the schedule. Expected orders come from SQL and code of the tests' own
 * (lib/study/visit-order-expected.ts), not from the portal's functions.
 */
describe("one visit order for the laboratory and vital-signs sections", () => {
  let seeded: TestService;
  beforeAll(async () => {
    seeded = await createTestService({ data: { subjects: 12, visits: 8, seed: 2 } });
  });
  afterAll(() => seeded.db.close());
  const courseOrder = (table: "lab_results" | "vital_signs") => expectedVisitOrder(seeded.db, table, "ONC-101");

  it("the data is a case where the calendar median misplaces End of Treatment", () => {
    const course = courseOrder("lab_results");
    // The schedule: Screening, Cycles 1 to 7 (8 visits), then End of Treatment after the last cycle.
    expect(course.at(-1)).toBe("End of Treatment");
    expect(previous(course, "End of Treatment")).toBe("Cycle 7 Day 1");
    expect(previous(calendarOrder(seeded), "End of Treatment")).toBe("Cycle 6 Day 1");
    // The vital signs are taken at the same visits on the same days: their own records give the same order.
    expect(courseOrder("vital_signs")).toEqual(course);
  });

  it("orders every laboratory test's visits, and the vital signs', by the study's visit order", async () => {
    const { cache } = logCache(seeded.fetch);
    const study = cachedStudy(cache, credsOf(northstar), "ONC-101");
    const lab = courseOrder("lab_results");
    const overview = await loadLaboratory(study, DEFAULT_QUERY);
    expect(overview.tests.length).toBeGreaterThan(5);
    for (const { key } of overview.tests) {
      const test = (await loadLaboratory(study, { ...DEFAULT_QUERY, test: key })).test!;
      for (const series of test.series) {
        const visits = series.boxes.map((b) => b.visit);
        expect(visits, `${key} in ${series.unit}`).toEqual(lab.filter((v) => visits.includes(v)));
      }
    }
    const vitals = await loadVitalSigns(study, parseVitalQuery(new URLSearchParams()));
    expect(vitals.chosen?.numbers?.visits.map((v) => v.visit)).toEqual(courseOrder("vital_signs"));
  });
});
