/**
 * The adverse-events loader through the study cache against the in-process partner service. The expected tables
 * are read straight from the service's database with SQL and counted here, independently of the portal's code
 * (docs/clinical-rules.md, Adverse events in a study).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadAdverseEvents } from "./load";
import { parseAeQuery } from "./query";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

const NORTH = credsOf(northstar);
const query = (qs = "") => parseAeQuery(new URLSearchParams(qs));

/** A study cache on the in-process service, its fetch optionally rewriting each AdverseEvent page. */
type Bundle = { total: number; entry: { resource: Record<string, unknown> }[] };
function cacheOf(rewrite?: (bundle: Bundle) => void) {
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await t.fetch(input, init);
    if (!rewrite || !new URL(String(input)).pathname.endsWith("/AdverseEvent")) return res;
    const bundle = (await res.json()) as Bundle;
    rewrite(bundle);
    return Response.json(bundle);
  }) as typeof fetch;
  return new StudyCache({ ttlMs: 60_000, maxBytes: 64 * 1024 * 1024, client: { fetch: fetchImpl } });
}

const sql = <T>(text: string, ...args: unknown[]) => t.db.prepare(text).all(...args) as T[];

function expectedOverview(study: string) {
  const subjects = (where: string) =>
    sql<{ n: number }>(
      `SELECT count(DISTINCT subject_id) AS n FROM adverse_events WHERE study_number = ? AND ${where}`,
      study,
    )[0].n;
  return {
    n: sql<{ n: number }>("SELECT count(*) AS n FROM subjects WHERE study_number = ?", study)[0].n,
    any: subjects("1"),
    gradeAtLeast3: subjects("grade >= 3"),
    grade5: subjects("grade = 5"),
    related: subjects("causality IN ('Certain', 'Probably/Likely', 'Possible')"),
    ongoing: subjects("ongoing = 1"),
    events: sql<{ n: number }>("SELECT count(*) AS n FROM adverse_events WHERE study_number = ?", study)[0].n,
  };
}

/** Per term: subjects by their worst grade (max ignores NULL: all ungraded gives NULL). */
function expectedByTerm(study: string) {
  const worst = sql<{ term: string; worst: number | null }>(
    "SELECT term, max(grade) AS worst FROM adverse_events WHERE study_number = ? GROUP BY term, subject_id",
    study,
  );
  const rows = new Map<string, Record<string, number>>();
  for (const { term, worst: w } of worst) {
    const c = rows.get(term) ?? { any: 0, g1: 0, g2: 0, g3: 0, g4: 0, g5: 0, ge3: 0, missing: 0 };
    c.any++;
    c[w === null ? "missing" : `g${w}`]++;
    if (w !== null && w >= 3) c.ge3++;
    rows.set(term, c);
  }
  return [...rows]
    .sort(([ta, a], [tb, b]) => b.any - a.any || ta.localeCompare(tb))
    .map(([term, counts]) => ({ term, counts }));
}

/**
 * The overview of the treatment-emergent events, counted in SQL: an event is treatment-emergent when its start's
 * calendar day is on or after its subject's first dose, the earliest start of a medication whose drug names the
 * study's agent (the suspect product of its adverse events). Every demo event has a start.
 */
function expectedTeaeOverview(study: string) {
  const teae = `
    WITH first_dose AS (
      SELECT m.subject_id, min(substr(m.start_at, 1, 10)) AS day
      FROM medications m JOIN studies s ON s.study_number = m.study_number
      WHERE m.study_number = @study AND instr(lower(m.drug), lower(s.agent)) > 0
      GROUP BY m.subject_id)
    SELECT a.* FROM adverse_events a JOIN first_dose f ON f.subject_id = a.subject_id
    WHERE a.study_number = @study AND substr(a.start_at, 1, 10) >= f.day`;
  const subjects = (where: string) =>
    sql<{ n: number }>(`SELECT count(DISTINCT subject_id) AS n FROM (${teae}) WHERE ${where}`, { study })[0].n;
  return {
    n: sql<{ n: number }>("SELECT count(*) AS n FROM subjects WHERE study_number = ?", study)[0].n,
    any: subjects("1"),
    gradeAtLeast3: subjects("grade >= 3"),
    grade5: subjects("grade = 5"),
    related: subjects("causality IN ('Certain', 'Probably/Likely', 'Possible')"),
    ongoing: subjects("ongoing = 1"),
    events: sql<{ n: number }>(`SELECT count(*) AS n FROM (${teae})`, { study })[0].n,
  };
}

describe("the page's choices through the cache", () => {
  it.each(["ONC-101", "CARD-201"])("%s: the TEAE overview equals the database's", async (study) => {
    const view = await loadAdverseEvents(cachedStudy(cacheOf(), NORTH, study), query("teae=1"));
    expect(view.overview).toEqual(expectedTeaeOverview(study));
    // The listing follows: the TEAE events of the Group are the overview's events.
    const group = await loadAdverseEvents(cachedStudy(cacheOf(), NORTH, study), query("teae=1&scope=group"));
    expect(group.listing).toHaveLength(view.overview.events);
  });

  it("counts the conservative reading's related line from the database", async () => {
    const view = await loadAdverseEvents(cachedStudy(cacheOf(), NORTH, "ONC-101"), query("relatedness=conservative"));
    const related = sql<{ n: number }>(
      `SELECT count(DISTINCT subject_id) AS n FROM adverse_events WHERE study_number = 'ONC-101'
       AND causality IN ('Certain', 'Probably/Likely', 'Possible', 'Conditional/Classified',
                         'Unassessable/Unclassifiable')`,
    )[0].n;
    expect(view.overview.related).toBe(related);
  });

  it("groups the shown terms under their system organ classes, every term once", async () => {
    const view = await loadAdverseEvents(cachedStudy(cacheOf(), NORTH, "ONC-101"), query("layout=soc"));
    const grouped = view.socGroups!.flatMap((g) => g.terms.map((t) => t.term));
    expect(grouped.sort()).toEqual(view.terms.map((t) => t.term).sort());
    // A class's line counts its subjects once: at most the sum of its terms' subjects, at least the largest.
    for (const g of view.socGroups!) {
      expect(g.row.counts.any).toBeLessThanOrEqual(g.terms.reduce((n, t) => n + t.counts.any, 0));
      expect(g.row.counts.any).toBeGreaterThanOrEqual(Math.max(...g.terms.map((t) => t.counts.any)));
    }
  });
});

describe("adverse events through the cache", () => {
  it.each(["ONC-101", "CARD-201"])("%s: the overview and the table by term equal the database's", async (study) => {
    const view = await loadAdverseEvents(cachedStudy(cacheOf(), NORTH, study), query());
    expect(view.overview).toEqual(expectedOverview(study));
    expect(view.terms.map((r) => ({ term: r.term, counts: r.counts }))).toEqual(expectedByTerm(study));
    expect(view.listing).toHaveLength(view.overview.events);
    expect(view.quality).toMatchObject({ duplicates: 0, outside: { events: 0, subjects: 0, noSubject: 0 } });
    expect(view.rejected).toEqual([]);
  });

  it("computes once per cached entry: a second request gets the same objects", async () => {
    const study = cachedStudy(cacheOf(), NORTH, "ONC-101");
    const a = await loadAdverseEvents(study, query("term=Fatigue&ev_page=2"));
    const b = await loadAdverseEvents(study, query("term=Fatigue&ev_sort=grade.desc"));
    expect(b.overview).toBe(a.overview);
    expect(b.byTerm).toBe(a.byTerm);
    expect(b.listing).toBe(a.listing);
    expect(b.quality).toBe(a.quality);
  });

  it("opens a cell: the listing's subjects are the cell's, from the database", async () => {
    const study = cachedStudy(cacheOf(), NORTH, "ONC-101");
    const { term, counts } = expectedByTerm("ONC-101")[0];
    const grade = Number(
      Object.keys(counts)
        .find((k) => /^g\d$/.test(k) && counts[k] > 0)!
        .slice(1),
    );
    const view = await loadAdverseEvents(study, query(`scope=group&term=${encodeURIComponent(term)}&worst=${grade}`));
    const subjects = sql<{ s: string }>(
      `SELECT subject_id AS s FROM adverse_events WHERE study_number = 'ONC-101' AND term = ?
       GROUP BY subject_id HAVING max(grade) = ?`,
      term,
      grade,
    ).map((r) => r.s);
    expect([...view.listingSubjects].sort()).toEqual(subjects.sort());
    expect(view.listingSubjects).toHaveLength(counts[`g${grade}`]);
    expect(view.listing.every((r) => r.term === term)).toBe(true);
  });

  it("drops values the data does not have, and names them", async () => {
    const view = await loadAdverseEvents(
      cachedStudy(cacheOf(), NORTH, "ONC-101"),
      query("term=No%20such%20term&sex=Nobody&by=height&min=150&grade=7&tsort=ge3:Female&related=yes"),
    );
    expect(view.query.ignored.sort()).toEqual(["by", "grade", "min", "related", "sex", "term", "tsort"]);
    expect(view.listing).toHaveLength(view.overview.events);
    expect(view.terms).toEqual(view.byTerm.rows);
  });

  it("counts a record sent twice once, and keeps an event of someone outside the Group out of the tables", async () => {
    let done = false;
    const cache = cacheOf((bundle) => {
      // The first page: its first record once more (the total says so too), its second of no member.
      if (done) return;
      done = true;
      bundle.total++;
      bundle.entry.push(structuredClone(bundle.entry[0]));
      bundle.entry[1].resource.subject = { reference: "Patient/NOT-A-MEMBER" };
    });
    const view = await loadAdverseEvents(cachedStudy(cache, NORTH, "ONC-101"), query());
    const expected = expectedOverview("ONC-101");
    expect(view.quality).toMatchObject({ duplicates: 1, outside: { events: 1, subjects: 1, noSubject: 0 } });
    expect(view.overview.events).toBe(expected.events - 1);
    expect(view.events).toBe(expected.events);
    const outside = await loadAdverseEvents(cachedStudy(cache, NORTH, "ONC-101"), query("scope=outside"));
    expect(outside.listing.map((r) => r.subjectId)).toEqual(["NOT-A-MEMBER"]);
  });
});
