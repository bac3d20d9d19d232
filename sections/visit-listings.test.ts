/**
 * Every test's laboratory results, and every item's vital signs, at one visit (`at=`) against the in-process partner
 * service: the listing holds exactly the study's records of that visit, in the partner's order (read from the
 * service's database with SQL), `at=` those the partner sent without a visit, and a visit the data lacks names no
 * derived value. Its export has the Review column first and the listing's rows, narrowed by a review filter as the
 * page's table is. One case per section: the same contract (sections/frame/visit-listing.ts) in both.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { derivedOf, derivedOfInSlices } from "@/lib/study/derived";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { exported, testUserStudy } from "@/sections/export-testing";
import type { VisitRecords } from "@/sections/frame/visit-listing";
import { loadLaboratory } from "@/sections/laboratory/load";
import { parseLabQuery } from "@/sections/laboratory/query";
import { loadVitalSigns } from "@/sections/vital-signs/load";
import { parseVitalQuery } from "@/sections/vital-signs/query";

vi.mock("@/lib/study/derived", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/study/derived")>();
  return { ...real, derivedOf: vi.fn(real.derivedOf), derivedOfInSlices: vi.fn(real.derivedOfInSlices) };
});

let t: TestService;
let store: Store;
let userId: number;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 3 } });
  store = await testStore("sqlite");
  userId = await insertUserRow(store, "ana@example.org");
});
afterAll(async () => {
  t.db.close();
  await store.close();
});

type Access = ReturnType<typeof testUserStudy>;
type Listed = { visit: VisitRecords | null; unknownVisit: boolean };

/** What differs between the two sections: the partner's table and category, the loader, the export's title. */
const SECTIONS = [
  {
    view: "laboratory",
    table: "lab_results",
    title: (visit: string) => `Laboratory results of study ONC-101 at visit ${visit}, every test`,
    load: (access: Access, query: string): Promise<Listed> =>
      loadLaboratory(access, parseLabQuery(new URLSearchParams(query))),
    issue: "issue=text",
  },
  {
    view: "vital-signs",
    table: "vital_signs",
    title: (visit: string) => `Vital signs of study ONC-101 at visit ${visit}, every item`,
    load: (access: Access, query: string): Promise<Listed> =>
      loadVitalSigns(access, parseVitalQuery(new URLSearchParams(query))),
    issue: "issue=no-range",
  },
] as const;

const ids = (sql: string, ...args: unknown[]) => (t.db.prepare(sql).all(...args) as { id: string }[]).map((r) => r.id);
const at = (visit: string) => `at=${encodeURIComponent(visit)}`;

/** The keys of the derived values a request named (the visit listings' families among them). */
const derivedKeys = () =>
  [...vi.mocked(derivedOf).mock.calls, ...vi.mocked(derivedOfInSlices).mock.calls].map((c) => `${c[0]} ${c[1]}`);

describe.each(SECTIONS)("the $view section's records at one visit", ({ view, table, title, load, issue }) => {
  const visits = () =>
    (
      t.db.prepare(`SELECT DISTINCT visit FROM ${table} WHERE study_number = 'ONC-101' ORDER BY visit`).all() as {
        visit: string;
      }[]
    ).map((r) => r.visit);
  /** The study's records of a visit, in the service's order, from its database. */
  const idsAt = (visit: string) =>
    ids(`SELECT id FROM ${table} WHERE study_number = 'ONC-101' AND visit = ? ORDER BY seq`, visit);

  /** A partner that sends the records `without` names with no visit (no encounter). */
  function withoutVisit(without: ReadonlySet<string>): typeof fetch {
    return (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await t.fetch(input, init);
      if (new URL(String(input)).searchParams.get("category") !== view) return res;
      const bundle = (await res.json()) as { entry?: { resource: { id: string; encounter?: unknown } }[] };
      for (const { resource } of bundle.entry ?? []) if (without.has(resource.id)) delete resource.encounter;
      return Response.json(bundle);
    }) as typeof fetch;
  }

  const studyOf = (fetchImpl: typeof fetch = t.fetch) =>
    testUserStudy(cacheWithLog(fetchImpl).cache, credsOf(northstar), "ONC-101", undefined, { store, userId });

  it("are exactly the study's records of that visit, in the partner's order, once per cached entry", async () => {
    const access = studyOf();
    expect(visits().length).toBe(3);
    for (const visit of visits()) {
      const listed = await load(access, at(visit));
      expect(listed.visit?.visit).toBe(visit);
      expect(listed.visit?.rows.map((r) => r.id)).toEqual(idsAt(visit));
      expect(listed.unknownVisit).toBe(false);
      expect((await load(access, at(visit))).visit?.rows).toBe(listed.visit?.rows);
    }
  });

  it("at= lists the records sent without a visit, and none where every record has one", async () => {
    const all = ids(`SELECT id FROM ${table} WHERE study_number = 'ONC-101' ORDER BY seq`);
    const without = [all[0], all[7], all[40]];
    const access = studyOf(withoutVisit(new Set(without)));
    const listed = await load(access, "at=");
    expect(listed.visit?.visit).toBeNull();
    expect(listed.visit?.rows.map((r) => r.id)).toEqual(without);
    // Those records are no longer at the visit the database gives them.
    const first = visits()[0];
    const shown = (await load(access, at(first))).visit?.rows.map((r) => r.id);
    expect(shown).toEqual(idsAt(first).filter((id) => !without.includes(id)));
    // The demo partner sends a visit with every record: the listing is empty, not an unknown visit.
    const plain = await load(studyOf(), "at=");
    expect([plain.visit?.visit, plain.visit?.rows.length, plain.unknownVisit]).toEqual([null, 0, false]);
  });

  it("says a visit the data lacks is unknown, and names no derived value with it", async () => {
    const access = studyOf();
    vi.mocked(derivedOf).mockClear();
    vi.mocked(derivedOfInSlices).mockClear();
    const listed = await load(access, "at=Week%2099%20nowhere");
    expect([listed.visit, listed.unknownVisit]).toEqual([null, true]);
    expect(derivedKeys().filter((k) => k.includes("nowhere"))).toEqual([]);
    // A visit the data has does name one: the spy sees what the loader derives.
    await load(access, at(visits()[0]));
    expect(derivedKeys().filter((k) => k.includes(visits()[0]))).toHaveLength(1);
  });

  it("is not listed beside an issue listing, whose table state it shares", async () => {
    const withIssue = await load(studyOf(), `${issue}&${at(visits()[0])}`);
    expect([withIssue.visit, withIssue.unknownVisit]).toEqual([null, false]);
  });

  it("exports with the Review column first, the listing's rows, narrowed by a review filter", async () => {
    const access = studyOf();
    const visit = visits()[1];
    const expected = idsAt(visit);
    const { headers, rows, table: file } = await exported(access, view, "visit", at(visit));
    expect(headers[0]).toBe("Review");
    expect(rows).toHaveLength(expected.length);
    expect(rows.every((r) => r[headers.indexOf("Visit")] === visit)).toBe(true);
    expect(file.title).toBe(title(visit));
    await access.review.mark(view, expected.slice(0, 3));
    const reviewed = await exported(access, view, "visit", `${at(visit)}&res.f_review=%3DReviewed`);
    expect(reviewed.rows).toHaveLength(3);
    const notReviewed = await exported(access, view, "visit", `${at(visit)}&res.f_review=%3DNot%20reviewed`);
    expect(notReviewed.rows).toHaveLength(expected.length - 3);
    await expect(exported(access, view, "visit", "at=Week%2099")).rejects.toThrow("no table");
  });
});

describe("the section's choice beside the visit listing", () => {
  const studyOf = () =>
    testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101", undefined, { store, userId });
  const firstVisit = (table: string) =>
    (
      t.db.prepare(`SELECT visit FROM ${table} WHERE study_number = 'ONC-101' ORDER BY visit`).get() as {
        visit: string;
      }
    ).visit;

  it("laboratory: a chosen test hides it (its own listing takes the page)", async () => {
    const query = `test=code%3ALB0214&${at(firstVisit("lab_results"))}`;
    const withTest = await loadLaboratory(studyOf(), parseLabQuery(new URLSearchParams(query)));
    expect(withTest.test).not.toBeNull();
    expect([withTest.visit, withTest.unknownVisit]).toEqual([null, false]);
  });

  it("vital signs: it is listed whatever the chosen group", async () => {
    const visit = firstVisit("vital_signs");
    const query = `item=Weight+(kilograms)&unit=kg&${at(visit)}`;
    const withGroup = await loadVitalSigns(studyOf(), parseVitalQuery(new URLSearchParams(query)));
    expect(withGroup.chosen).toMatchObject({ test: "Weight (kilograms)", unit: "kg" });
    expect(withGroup.visit?.rows.map((r) => r.id)).toEqual(
      ids("SELECT id FROM vital_signs WHERE study_number = 'ONC-101' AND visit = ? ORDER BY seq", visit),
    );
  });
});
