/**
 * The laboratory exports hold the rows the page shows: the chosen test's listing is the server table's pages joined
 * for the same URL state (whatever page the URL names), the overview the browser's table, and "every result" each
 * cached result once, in the partner's order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { tablePage } from "@/lib/tables/server-table";
import { parseTableState } from "@/lib/tables/url-state";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { exported, testUserStudy } from "@/sections/export-testing";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { labListingDef } from "@/sections/laboratory/listing-columns";
import { loadLaboratory } from "@/sections/laboratory/load";
import { parseLabQuery } from "@/sections/laboratory/query";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 3 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

/** Every page of the test's listing as the page's server table gives them, joined. */
async function pagesJoined(query: string) {
  const params = new URLSearchParams(query);
  const view = await loadLaboratory(access, parseLabQuery(params));
  // The page's listing has its review column first (docs/review.md); the file has it too.
  const def = await reviewedTable(labListingDef(view.test!.listing, ""), access);
  const state = parseTableState(params, def.state!);
  const out: unknown[][] = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const page = tablePage(def.rows, def.columns, { ...state, pageIndex, pageSize: 10 });
    if (page.pageIndex < pageIndex) break;
    out.push(...page.rows.map((r) => def.columns.map((c) => r[c.id])));
  }
  return out;
}

describe("the laboratory exports", () => {
  it("hold the chosen test's listing as the page shows it across its pages", async () => {
    const view = await loadLaboratory(access, parseLabQuery(new URLSearchParams()));
    const test = view.tests.find((x) => x.name === "ALT") ?? view.tests[0];
    const queries = [
      `test=${encodeURIComponent(test.key)}&show=all`,
      `test=${encodeURIComponent(test.key)}&show=all&res.sort=value.desc,subject.asc&res.page=2`,
      `test=${encodeURIComponent(test.key)}&show=numeric&res.f_subject=101-&res.sort=collected.desc`,
    ];
    for (const query of queries) {
      const { rows, table } = await exported(access, "laboratory", "results", query);
      const shown = await pagesJoined(query);
      // More than one page unless narrowed to a few subjects.
      expect(shown.length).toBeGreaterThan(query.includes("f_subject") ? 0 : 10);
      expect(rows).toEqual(shown);
      expect(table.count).toBe(shown.length);
      expect(table.title).toMatch(/ of (ALT|.+) \(study ONC-101\)$/);
    }
  });

  it("name the listing's columns with the LB variables", async () => {
    const view = await loadLaboratory(access, parseLabQuery(new URLSearchParams()));
    const { table } = await exported(access, "laboratory", "results", `test=${encodeURIComponent(view.tests[0].key)}`);
    expect(table.columns[0].header).toBe("Review");
    expect(table.columns.map((c) => c.variable)).toEqual([
      undefined,
      "SUBJID",
      "VISIT",
      "LBDTC",
      "LBTEST",
      "LBORRES",
      "LBORRES",
      "LBORRESU",
      undefined,
      "LBNRIND",
      // The part in the shift tables and ×ULN have no LB variable; the CTCAE grade is LBTOXGR, its term is not LBTOX
      // (it also says why a result has no grade).
      undefined,
      undefined,
      "LBTOXGR",
      undefined,
    ]);
  });

  it("have no results table without a chosen test", async () => {
    await expect(exported(access, "laboratory", "results", "")).rejects.toThrow("no table");
  });

  it("hold every result of the study once, as many as the overview counts", async () => {
    const hit = await access.rows("laboratory");
    const view = await loadLaboratory(access, parseLabQuery(new URLSearchParams()));
    const { rows, table } = await exported(access, "laboratory", "all-results", "res.sort=value.desc");
    expect(table.count).toBe(hit.value.rows.length);
    expect(table.count).toBe(view.overview.reduce((n, r) => n + r.results, 0));
    // The partner's order: a listing's sort in the URL is not the file's (its own is under "all.").
    // The collection time as shown: the demo partner's times are whole minutes, written without the T and seconds.
    const shown = (at: string | null) => at?.replace("T", " ").replace(/^(.{16}):00$/, "$1") ?? null;
    expect(rows.map((r) => r[2])).toEqual(hit.value.rows.map((r) => shown(r.collectedAt)));
  });

  it("narrow the file of every result by a listing's state under all.", async () => {
    const hit = await access.rows("laboratory");
    const { rows, table } = await exported(
      access,
      "laboratory",
      "all-results",
      "all.f_value=%3C10&all.sort=value.desc",
    );
    const below = hit.value.rows.filter((r) => r.value !== null && r.value < 10).map((r) => r.value);
    expect(rows.map((r) => r[4])).toEqual(below.sort((a, b) => b! - a!));
    expect(table.filters).toEqual(['Filter Value: "<10"', "Sorted by Value descending"]);
  });

  it("hold the overview as the browser's table shows it", async () => {
    const { rows, table } = await exported(access, "laboratory", "overview", "tests.sort=results.desc");
    const results = rows.map((r) => r[table.columns.findIndex((c) => c.header === "Results")] as number);
    expect(results).toEqual([...results].sort((a, b) => b - a));
    expect(table.title).toBe("Laboratory tests of study ONC-101, one row per test and unit");
  });

  it("write a unit's chart data as its data table shows it, and refuse a unit the test does not have", async () => {
    const view = await loadLaboratory(access, parseLabQuery(new URLSearchParams()));
    const key = encodeURIComponent((view.tests.find((x) => x.name === "ALT") ?? view.tests[0]).key);
    const query = `test=${key}&subject=101-0001&dist0_sort=n.desc`;
    const { rows, headers, table } = await exported(access, "laboratory", "distribution.0", query);
    expect(headers.slice(0, 4)).toEqual(["Series", "Visit", "Date (median for all subjects)", "n"]);
    const n = rows.map((r) => r[3]).filter((x) => x !== null) as number[];
    expect(n).toEqual([...n].sort((a, b) => b - a));
    expect(rows.some((r) => r[0] === "Subject 101-0001")).toBe(true);
    expect(table.title).toMatch(/^Data of the chart: .+ distribution by visit$/);
    await expect(exported(access, "laboratory", "distribution.9", query)).rejects.toThrow("no table");
    await expect(exported(access, "laboratory", "distribution.x", query)).rejects.toThrow("no table");
  });

  it("write a shift table's counts with their totals, as the page's table", async () => {
    const params = new URLSearchParams();
    const overview = await loadLaboratory(access, parseLabQuery(params));
    const key = (overview.tests.find((x) => x.name === "ALT") ?? overview.tests[0]).key;
    const view = await loadLaboratory(access, parseLabQuery(new URLSearchParams({ test: key })));
    const counts = view.test!.series[0].shift.high;
    const { rows, headers } = await exported(access, "laboratory", "shift.high-0", `test=${encodeURIComponent(key)}`);
    expect(headers).toEqual([
      "Baseline",
      "Highest category after baseline: Low (L)",
      "Highest category after baseline: Normal (N)",
      "Highest category after baseline: High (H)",
      "Highest category after baseline: Missing",
      "Total",
    ]);
    const cats = ["L", "N", "H", "M"] as const;
    const expected = cats.map((b) => {
      const row = cats.map((w) => counts[b][w]);
      return [["Low (L)", "Normal (N)", "High (H)", "Missing"][cats.indexOf(b)], ...row, row.reduce((x, y) => x + y)];
    });
    const totals = cats.map((w) => cats.reduce((x, b) => x + counts[b][w], 0));
    expected.push(["Total", ...totals, totals.reduce((x, y) => x + y)]);
    expect(rows).toEqual(expected);
    await expect(exported(access, "laboratory", "shift.sideways-0", `test=${encodeURIComponent(key)}`)).rejects.toThrow(
      "no table",
    );
  });
});
