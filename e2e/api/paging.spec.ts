/**
 * Bundle envelope and paging (docs/partner-service.md, "Bundles and paging"):
 * identifier, links, last = ceil(total/_count), pages past the end, empty
 * results, the default and maximum page size, full walks without gaps or
 * duplicates, and a stable order.
 */
import { expect, test } from "@playwright/test";
import {
  API_PREFIX,
  type Bundle,
  ENDPOINTS,
  type Endpoint,
  endpoint,
  entries,
  getAs,
  getBundle,
  link,
  NORTHSTAR,
  type Partner,
  pageOf,
  recordKey,
  sd,
  searchPath,
  walk,
} from "./fixtures";
import { expectedTotal } from "./shape-checks";

const STUDY = "ONC-101";

/** Checks the envelope and every link of one page of a search. */
function expectPage(b: Bundle, e: Endpoint, study: string, page: number, count: number): void {
  const what = `${e.name} ${study} page ${page} _count ${count}`;
  expect(b.identifier, `${what}: identifier`).toEqual({ system: sd("IDB.Protocol"), value: study });
  expect(b.type).toBe("searchset");
  const relations = b.link.map((l) => l.relation);
  expect(new Set(relations).size, `${what}: no repeated relation`).toBe(relations.length);
  for (const r of relations) expect(["self", "first", "last", "next"], what).toContain(r);
  for (const l of b.link) {
    expect(
      l.url.startsWith(`${API_PREFIX}/${e.path}?`),
      `${what}: ${l.relation} ${l.url} is absolute, same search`,
    ).toBe(true);
    const u = new URL(l.url);
    expect(u.searchParams.get("researchstudy"), `${what}: ${l.relation} carries researchstudy`).toBe(study);
    expect(u.searchParams.get("_count"), `${what}: ${l.relation} carries _count`).toBe(String(count));
    expect(u.searchParams.get("page"), `${what}: ${l.relation} carries page`).toMatch(/^[1-9]\d*$/);
    if (e.category) expect(u.searchParams.get("category"), `${what}: ${l.relation} carries category`).toBe(e.category);
  }
  const last = Math.max(1, Math.ceil(b.total / count));
  expect(pageOf(link(b, "self")!), `${what}: self`).toBe(page);
  expect(pageOf(link(b, "first")!), `${what}: first`).toBe(1);
  expect(pageOf(link(b, "last")!), `${what}: last = ceil(total/_count)`).toBe(last);
  const next = link(b, "next");
  if (page < last) expect(next && pageOf(next), `${what}: next`).toBe(page + 1);
  else expect(next, `${what}: no next on or past the last page`).toBeUndefined();
  const expectedEntries = page > last ? 0 : page < last ? count : b.total - (last - 1) * count;
  expect(entries(b).length, `${what}: entries on the page`).toBe(expectedEntries);
}

for (const e of ENDPOINTS) {
  test(`${e.name}: envelope and links on the first, a middle, the last and a past-the-end page`, async ({
    request,
  }) => {
    const total = expectedTotal(e, STUDY);
    const count = e.name === "Group" ? 1 : Math.min(1000, Math.max(1, Math.ceil(total / 3) - 1));
    const first = await getBundle(request, NORTHSTAR, searchPath(e, STUDY, { page: 1, _count: count }));
    expect(first.total).toBe(total);
    expectPage(first, e, STUDY, 1, count);
    const last = pageOf(link(first, "last")!);
    for (const page of [...new Set([Math.ceil(last / 2), last, last + 1, last + 50])]) {
      const b = await getBundle(request, NORTHSTAR, searchPath(e, STUDY, { page, _count: count }));
      expect(b.total, `page ${page}: the true total`).toBe(total);
      expectPage(b, e, STUDY, page, count);
    }
  });
}

test("a page far past the last has an empty entry, the true total and no next", async ({ request }) => {
  const e = endpoint("AdverseEvent");
  const b = await getBundle(request, NORTHSTAR, searchPath(e, STUDY, { page: 999_999_999, _count: 10 }));
  expect(b.total).toBe(expectedTotal(e, STUDY));
  expect(entries(b)).toEqual([]);
  expectPage(b, e, STUDY, 999_999_999, 10);
});

test("total 0: empty entry, last and first point at page 1, no next", async ({ request }) => {
  // CARD-201 is not a RECIST 1.1 study, so it has no DiagnosticReports.
  for (const e of [endpoint("DiagnosticReport"), endpoint("observation imaging")]) {
    for (const count of [100, 5]) {
      const b = await getBundle(request, NORTHSTAR, searchPath(e, "CARD-201", { _count: count }));
      expect(b.total).toBe(0);
      expect(entries(b)).toEqual([]);
      expectPage(b, e, "CARD-201", 1, count);
      expect(pageOf(link(b, "last")!)).toBe(1);
    }
  }
  // A filter that matches nothing behaves the same.
  const e = endpoint("AdverseEvent");
  const none = await getBundle(request, NORTHSTAR, searchPath(e, STUDY, { _Id: "nothing-matches", _count: 3 }));
  expect(none.total).toBe(0);
  expect(entries(none)).toEqual([]);
  expect(pageOf(link(none, "last")!)).toBe(1);
  expect(link(none, "next")).toBeUndefined();
});

test("_count defaults to 100", async ({ request }) => {
  for (const e of [endpoint("observation laboratory"), endpoint("AdverseEvent"), endpoint("Patient")]) {
    const b = await getBundle(request, NORTHSTAR, searchPath(e, STUDY));
    expect(b.total).toBe(expectedTotal(e, STUDY));
    expectPage(b, e, STUDY, 1, 100);
    expect(entries(b).length).toBe(Math.min(100, b.total));
  }
});

test("_count above 1000 is clamped to 1000 and the links carry 1000", async ({ request }) => {
  const e = endpoint("observation laboratory");
  for (const asked of [1001, 5000, 999_999_999]) {
    const b = await getBundle(request, NORTHSTAR, searchPath(e, STUDY, { _count: asked }));
    expectPage(b, e, STUDY, 1, 1000);
    expect(entries(b).length).toBe(Math.min(1000, b.total));
  }
  const exact = await getBundle(request, NORTHSTAR, searchPath(e, STUDY, { _count: 1000 }));
  expectPage(exact, e, STUDY, 1, 1000);
});

/** Walks a search by its next links and checks the pages add up to the total exactly once each. */
async function walkAndCheck(
  request: Parameters<typeof getAs>[0],
  p: Partner,
  e: Endpoint,
  study: string,
  count: number,
): Promise<string[]> {
  const { pages, entries: list } = await walk(request, p, searchPath(e, study, { _count: count }));
  const total = pages[0].total;
  expect(total, `${e.name} ${study}: total equals the database`).toBe(expectedTotal(e, study));
  expect(total, "the walk crosses several pages").toBeGreaterThan(count);
  expect(pages.length, "pages walked = last").toBe(Math.ceil(total / count));
  pages.forEach((b, i) => {
    expect(b.total, `page ${i + 1}: total`).toBe(total);
    expectPage(b, e, study, i + 1, count);
  });
  const keys = list.map((x) => recordKey(e, x.resource));
  expect(keys.length).toBe(total);
  expect(new Set(keys).size, "no duplicate across pages").toBe(total);
  return keys;
}

test("walking laboratory at _count=50 by next links: no gap, no duplicate, same order as one big page", async ({
  request,
}) => {
  const e = endpoint("observation laboratory");
  const keys = await walkAndCheck(request, NORTHSTAR, e, STUDY, 50);
  const big = await walk(request, NORTHSTAR, searchPath(e, STUDY, { _count: 1000 }));
  expect(big.entries.map((x) => recordKey(e, x.resource))).toEqual(keys);
});

test("walking AdverseEvent at _count=7 by next links: no gap, no duplicate, same order as one big page", async ({
  request,
}) => {
  const e = endpoint("AdverseEvent");
  const keys = await walkAndCheck(request, NORTHSTAR, e, STUDY, 7);
  const big = await walk(request, NORTHSTAR, searchPath(e, STUDY, { _count: 1000 }));
  expect(big.entries.map((x) => recordKey(e, x.resource))).toEqual(keys);
});

test("walking DiagnosticReport, imaging, vital-signs and MedicationStatement: no gap, no duplicate", async ({
  request,
}) => {
  for (const name of ["DiagnosticReport", "observation imaging", "observation vital-signs", "MedicationStatement"]) {
    const e = endpoint(name);
    const total = expectedTotal(e, STUDY);
    await walkAndCheck(request, NORTHSTAR, e, STUDY, Math.max(1, Math.floor(total / 4) - 1));
  }
});

test("the same page twice gives identical bytes", async ({ request }) => {
  for (const e of ENDPOINTS) {
    const path = searchPath(e, STUDY, { page: 2, _count: 5 });
    const a = await getAs(request, NORTHSTAR, path);
    const b = await getAs(request, NORTHSTAR, path);
    expect(a.status()).toBe(200);
    expect(b.status()).toBe(200);
    expect((await b.body()).equals(await a.body()), `${e.name}: identical bytes`).toBe(true);
  }
});

test("unknown parameters are ignored", async ({ request }) => {
  const e = endpoint("AdverseEvent");
  const plain = await getAs(request, NORTHSTAR, searchPath(e, STUDY, { _count: 5 }));
  const extra = await getAs(request, NORTHSTAR, searchPath(e, STUDY, { _count: 5, foo: "bar", _sort: "date" }));
  expect(extra.status()).toBe(200);
  const a = (await plain.json()) as Bundle;
  const b = (await extra.json()) as Bundle;
  expect(b.total).toBe(a.total);
  expect(b.entry).toEqual(a.entry);
});

test("any larger _count is clamped to 1000 and any page past the last is an empty page (no digit limit)", async ({
  request,
}) => {
  const e = endpoint("AdverseEvent");
  const failures: string[] = [];
  for (const [params, expectPageNo, expectCount] of [
    [{ _count: "100000000000000000000" }, 1, 1000],
    [{ page: "1000000000000", _count: "10" }, 1_000_000_000_000, 10],
  ] as const) {
    const res = await getAs(request, NORTHSTAR, searchPath(e, STUDY, params));
    if (res.status() !== 200) {
      failures.push(`${JSON.stringify(params)}: ${res.status()} ${(await res.text()).slice(0, 160)}`);
      continue;
    }
    const b = (await res.json()) as Bundle;
    expect(b.total).toBe(expectedTotal(e, STUDY));
    expectPage(b, e, STUDY, expectPageNo, expectCount);
  }
  expect(
    failures,
    "docs/partner-service.md, Bundles and paging: " +
      "a larger _count is clamped; a page past the last returns an empty entry",
  ).toEqual([]);
});
