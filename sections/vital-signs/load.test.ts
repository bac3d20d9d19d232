/**
 * The vital-signs loader through the cache against the in-process partner
 * service. Expected values are read from the service's database with SQL and
 * worked out here with code of the test's own (docs/clinical-rules.md, Vital
 * signs), not with the portal's functions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { cacheWithLog as logCache } from "@/lib/study/testing";
import { expectedVisitOrder } from "@/lib/study/visit-order-expected";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadVitalSigns } from "./load";
import { parseVitalQuery } from "./query";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
});
afterAll(() => t.db.close());

const NORTH = credsOf(northstar);

const cacheWithLog = (fetchImpl: typeof fetch = t.fetch) => logCache(fetchImpl);

const view = (cache: StudyCache, query = "") =>
  loadVitalSigns(cachedStudy(cache, NORTH, "ONC-101"), parseVitalQuery(new URLSearchParams(query)));

const all = <T>(sql: string, ...args: unknown[]) => t.db.prepare(sql).all(...args) as T[];

/** n, mean, sample SD, median, min, max of one item's values at each visit, from SQL rows. */
function expectedByVisit(item: string) {
  const rows = all<{ visit: string; value: number }>(
    "SELECT visit, value FROM vital_signs WHERE study_number = 'ONC-101' AND item_type = ?",
    item,
  );
  return expectedVisitOrder(t.db, "vital_signs", "ONC-101").map((visit) => {
    const v = rows.filter((r) => r.visit === visit).map((r) => r.value);
    const n = v.length;
    const mean = v.reduce((a, b) => a + b, 0) / n;
    const sd = n > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : null;
    const s = [...v].sort((a, b) => a - b);
    const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    return { visit, n, mean, sd, median, min: s[0], max: s[n - 1] };
  });
}

describe("vital signs through the cache", () => {
  it("summarises the first numeric item by visit as the database's values give, visits in schedule order", async () => {
    const { cache, urls } = cacheWithLog();
    const v = await view(cache);
    // Only the vital signs are loaded.
    expect(urls.filter((u) => u.includes("researchstudy=")).every((u) => u.includes("category=vital-signs"))).toBe(
      true,
    );
    const items = all<{ item_type: string; unit: string | null; text: number }>(
      `SELECT item_type, unit, value IS NULL AS text FROM vital_signs WHERE study_number = 'ONC-101'
       GROUP BY item_type, unit, value IS NULL ORDER BY min(seq)`,
    );
    expect(v.groups.map((g) => [g.test, g.unit, g.kind])).toEqual(
      items.map((i) => [i.item_type, i.unit, i.text ? "text" : "number"]),
    );
    expect(v.chosen).toMatchObject({ test: "Blood Pressure BP Systolic", unit: "mmHg", kind: "number" });
    const got = v.chosen?.numbers?.visits.map((x) => ({ visit: x.visit, ...x.summary })) ?? [];
    const expected = expectedByVisit("Blood Pressure BP Systolic");
    expect(got.map((g) => g.visit)).toEqual(expected.map((e) => e.visit));
    for (const [i, e] of expected.entries()) {
      expect(got[i]).toMatchObject({ n: e.n, median: e.median, min: e.min, max: e.max });
      expect(got[i].mean).toBeCloseTo(e.mean, 9);
      expect(got[i].sd).toBeCloseTo(e.sd as number, 9);
    }
    expect(v.listing).toHaveLength(expected.reduce((n, e) => n + e.n, 0));
    expect(v.counts).toMatchObject({ noSubject: 0, noVisit: 0, noDate: 0, noResult: 0, numbersWithRange: 0 });
  });

  it("follows the URL: an item and unit, an exact visit; and ignores what the data does not have", async () => {
    const { cache } = cacheWithLog();
    const visit = expectedVisitOrder(t.db, "vital_signs", "ONC-101")[1];
    const weight = await view(cache, `item=Weight+(kilograms)&unit=kg&visit=${encodeURIComponent(visit)}`);
    expect(weight.chosen).toMatchObject({ test: "Weight (kilograms)", unit: "kg" });
    expect(weight.filter).toEqual({ visit });
    const n = all<{ n: number }>(
      "SELECT count(*) AS n FROM vital_signs WHERE study_number = 'ONC-101' AND item_type = ? AND visit = ?",
      "Weight (kilograms)",
      visit,
    )[0].n;
    expect(weight.listing).toHaveLength(n);
    expect(weight.listing.every((r) => r.visit === visit && r.test === "Weight (kilograms)")).toBe(true);
    // A unit the item does not have: the item's own; an unknown item and visit: the defaults.
    expect((await view(cache, "item=Weight+(kilograms)&unit=lb")).chosen).toMatchObject({ unit: "kg" });
    const odd = await view(cache, "item=No+such+item&visit=Never");
    expect(odd.chosen).toMatchObject({ test: "Blood Pressure BP Systolic" });
    expect(odd.filter).toEqual({});
    // Computed once per cached entry: the same summary object for every request.
    expect((await view(cache)).chosen).toBe(odd.chosen);
  });

  it("counts blood-pressure positions as text per visit, never as numbers, and lists one position", async () => {
    const { cache } = cacheWithLog();
    const v = await view(cache, "item=Blood+Pressure+Positioning&text=1&value=Sitting");
    expect(v.chosen).toMatchObject({ kind: "text", numbers: null });
    const counts = all<{ visit: string; text: string; n: number }>(
      `SELECT visit, value_string AS text, count(*) AS n FROM vital_signs
       WHERE study_number = 'ONC-101' AND item_type = 'Blood Pressure Positioning' GROUP BY visit, value_string`,
    );
    const texts = v.chosen?.texts;
    for (const c of counts) {
      const row = texts?.visits.find((x) => x.visit === c.visit);
      expect(row?.counts[texts?.texts.indexOf(c.text) ?? -1]).toBe(c.n);
    }
    expect(v.filter).toEqual({ value: "Sitting" });
    expect(v.listing).toHaveLength(counts.filter((c) => c.text === "Sitting").reduce((n, c) => n + c.n, 0));
  });

  it("splits an item sent in two units, and flags results against ranges when the partner sends them", async () => {
    const tampered = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await t.fetch(input, init);
      const url = new URL(String(input));
      if (url.searchParams.get("category") !== "vital-signs" || (url.searchParams.get("page") ?? "1") !== "1")
        return res;
      type Vital = {
        code: { text: string };
        valueQuantity: { value: number; unit: string };
        referenceRange?: { text: string }[];
      };
      const bundle = (await res.json()) as { entry: { resource: Vital }[] };
      const of = (item: string) => bundle.entry.map((e) => e.resource).filter((r) => r.code.text === item);
      // The first weight in pounds; the first two systolic pressures with a range (one above it).
      of("Weight (kilograms)")[0].valueQuantity.unit = "lb";
      const [a, b] = of("Blood Pressure BP Systolic");
      a.referenceRange = [{ text: "90-140" }];
      b.referenceRange = [{ text: `<${b.valueQuantity.value}` }];
      return Response.json(bundle);
    }) as typeof fetch;
    const { cache } = cacheWithLog(tampered);
    const v = await view(cache);
    // The units in the order the partner sent them: the pound record came first.
    expect(v.counts.multiUnit).toEqual([{ test: "Weight (kilograms)", units: ["lb", "kg"] }]);
    const total = all<{ n: number }>(
      "SELECT count(*) AS n FROM vital_signs WHERE study_number = 'ONC-101' AND item_type = 'Weight (kilograms)'",
    )[0].n;
    expect(v.groups.filter((g) => g.test === "Weight (kilograms)").map((g) => [g.unit, g.records])).toEqual([
      ["lb", 1],
      ["kg", total - 1],
    ]);
    expect(v.counts.numbersWithRange).toBe(2);
    const flagged = v.chosen?.numbers?.visits.reduce((n, x) => [n[0] + x.withRange, n[1] + x.high], [0, 0]);
    expect(flagged).toEqual([2, 1]);
    // The count of records with a range opens exactly those two.
    const ranged = await view(cache, "range=1");
    expect(ranged.filter).toEqual({ ranged: true });
    expect(ranged.listing.map((r) => r.range)).toEqual(["90-140", expect.stringMatching(/^</)]);
    // A text group has no range filter.
    expect((await view(cache, "item=Blood+Pressure+Positioning&text=1&range=1")).filter).toEqual({});
  });

  it("lists the records a data note counts, over every item, as many as the note says", async () => {
    const { cache } = cacheWithLog();
    const c = (await view(cache)).counts;
    const cases: [string, number][] = [
      ["no-range", c.numbers - c.numbersWithRange],
      ["no-unit", c.numbersWithoutUnit],
      ["no-result", c.noResult],
      ["no-subject", c.noSubject],
      ["no-visit", c.noVisit],
      ["no-date", c.noDate],
    ];
    for (const [issue, n] of cases) {
      const v = await view(cache, `issue=${issue}`);
      expect(v.issue?.rows.length, issue).toBe(n);
      expect((await view(cache, `issue=${issue}`)).issue?.rows).toBe(v.issue?.rows);
    }
    // The demo partner sends no range with a vital sign: every numeric record is listed.
    const numbers = all<{ n: number }>(
      "SELECT count(*) AS n FROM vital_signs WHERE study_number = 'ONC-101' AND value IS NOT NULL",
    )[0].n;
    expect((await view(cache, "issue=no-range")).issue?.rows.length).toBe(numbers);
    expect((await view(cache, "issue=bogus")).issue).toBeNull();
  });

  it("counts a subject once at a visit with two readings: the later one, the earlier listed and noted", async () => {
    const SBP = "Blood Pressure BP Systolic";
    type Vital = {
      id: string;
      code: { text: string };
      subject: { reference: string };
      encounter: { display: string };
      effectiveDateTime: string;
      valueQuantity: { value: number };
    };
    let moved: { earlier: Vital; later: Vital } | undefined;
    // A subject's systolic pressure of another visit sent again as a second reading of its first visit, at 23:59
    // of that day: later than the first reading (taken between 07:00 and 12:00).
    const twice = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await t.fetch(input, init);
      const url = new URL(String(input));
      if (url.searchParams.get("category") !== "vital-signs" || (url.searchParams.get("page") ?? "1") !== "1")
        return res;
      const bundle = (await res.json()) as { entry: { resource: Vital }[] };
      const sbp = bundle.entry.map((e) => e.resource).filter((r) => r.code.text === SBP);
      const earlier = sbp[0];
      const later = sbp.find(
        (r) => r.subject.reference === earlier.subject.reference && r.encounter.display !== earlier.encounter.display,
      ) as Vital;
      later.encounter.display = earlier.encounter.display;
      later.effectiveDateTime = `${earlier.effectiveDateTime.slice(0, 10)}T23:59:00`;
      moved = { earlier: structuredClone(earlier), later: structuredClone(later) };
      return Response.json(bundle);
    }) as typeof fetch;
    const { cache } = cacheWithLog(twice);
    const v = await view(cache);
    if (!moved) throw new Error("no vital signs were sent");
    const { earlier, later } = moved;
    const sql = all<{ id: string; visit: string; value: number }>(
      "SELECT id, visit, value FROM vital_signs WHERE study_number = 'ONC-101' AND item_type = ?",
      SBP,
    );
    const first = earlier.encounter.display;
    const other = sql.find((r) => r.id === later.id)?.visit as string;
    // The first visit: the same subjects as in the database, the earlier reading's value replaced by the later's.
    const atFirst = sql.filter((r) => r.visit === first && r.id !== earlier.id).map((r) => r.value);
    atFirst.push(later.valueQuantity.value);
    const mean = atFirst.reduce((a, b) => a + b, 0) / atFirst.length;
    const visits = v.chosen?.numbers?.visits ?? [];
    const shown = visits.find((x) => x.visit === first)?.summary;
    expect(shown?.n).toBe(sql.filter((r) => r.visit === first).length);
    expect(shown?.mean).toBeCloseTo(mean, 9);
    // The other visit lost the reading that moved.
    expect(visits.find((x) => x.visit === other)?.summary.n).toBe(sql.filter((r) => r.visit === other).length - 1);
    expect(v.counts.earlierReadings).toEqual([{ test: SBP, unit: "mmHg", kind: "number", records: 1 }]);
    // Its note opens exactly the earlier reading; the n of the first visit opens the readings it counts.
    const left = await view(cache, `item=${encodeURIComponent(SBP)}&unit=mmHg&counted=0`);
    expect(left.listing.map((r) => r.id)).toEqual([earlier.id]);
    const counted = await view(
      cache,
      `item=${encodeURIComponent(SBP)}&unit=mmHg&visit=${encodeURIComponent(first)}&counted=1`,
    );
    expect(counted.listing).toHaveLength(shown?.n ?? -1);
    expect(counted.listing.some((r) => r.id === earlier.id)).toBe(false);
  });
});
