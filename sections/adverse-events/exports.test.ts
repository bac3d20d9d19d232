/**
 * The adverse-event exports hold what the page shows: the listing's pages joined for the same URL state (the page's
 * filters and the table's), the overview's and the table by term's counts with their percentages as numbers, and
 * the chart's segments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { tablePage } from "@/lib/tables/server-table";
import { parseTableState } from "@/lib/tables/url-state";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { exported, testUserStudy } from "@/sections/export-testing";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { listingDef } from "./listing-table";
import { loadAdverseEvents } from "./load";
import { parseAeQuery } from "./query";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

async function listingPages(query: string) {
  const searchParams = new URLSearchParams(query);
  const view = await loadAdverseEvents(access, parseAeQuery(searchParams));
  // The page's listing has its review column first (docs/review.md); the file has it too.
  const def = await reviewedTable(listingDef(view, ""), access);
  const state = parseTableState(searchParams, def.state!);
  const out: unknown[][] = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const page = tablePage(def.rows, def.columns, { ...state, pageIndex, pageSize: 10 });
    if (page.pageIndex < pageIndex) break;
    out.push(...page.rows.map((r) => def.columns.map((c) => r[c.id])));
  }
  return out;
}

describe("the adverse-event exports", () => {
  it.each(["", "ev_sort=grade.desc,start.asc", "scope=group&ev_sort=term.asc&ev_page=3", "grade=ge3&ev_q=a"])(
    "hold the listing's rows as its pages show them for %j",
    async (query) => {
      const { rows, table } = await exported(access, "adverse-events", "listing", query);
      expect(rows).toEqual(await listingPages(query));
      expect(table.columns[0].header).toBe("Review");
      expect(table.columns.slice(1, 4).map((c) => c.variable)).toEqual(["SUBJID", "AETERM", "AETOXGR"]);
    },
  );

  it("say the listing's filters in words", async () => {
    const { table } = await exported(access, "adverse-events", "listing", "grade=ge3&related=1&ev_sort=grade.desc");
    expect(table.filters).toEqual(["Grade: ≥3", "Related", "Sorted by Grade descending"]);
  });

  it("write the overview's counts with their percentages of N, none for the count of events", async () => {
    const view = await loadAdverseEvents(access, parseAeQuery(new URLSearchParams()));
    const o = view.overview;
    const { rows } = await exported(access, "adverse-events", "overview");
    const pct = (n: number) => Math.round((1000 * n) / o.n) / 10;
    expect(rows).toEqual([
      ["Subjects with any adverse event", o.any, pct(o.any), o.n],
      ["Subjects with an adverse event of grade 3 or more", o.gradeAtLeast3, pct(o.gradeAtLeast3), o.n],
      ["Subjects with an adverse event of grade 5 (death)", o.grade5, pct(o.grade5), o.n],
      ["Subjects with a related adverse event", o.related, pct(o.related), o.n],
      ["Subjects with an ongoing adverse event", o.ongoing, pct(o.ongoing), o.n],
      ["Adverse events (records)", o.events, null, null],
    ]);
  });

  it("write the table by term in the page's order of terms, n and % for each column", async () => {
    const query = "by=sex&tsort=g1&tdir=desc";
    const view = await loadAdverseEvents(access, parseAeQuery(new URLSearchParams(query)));
    const { rows, headers } = await exported(access, "adverse-events", "by-term", query);
    expect(rows.map((r) => r[0])).toEqual(view.terms.map((r) => r.term));
    expect(headers.slice(0, 4)).toEqual(["Term", "Graded and ungraded events (†)", "Any grade: n", "Any grade: %"]);
    // Sex subgroups add any grade and grade ≥3 per value.
    expect(headers.length).toBe(2 + 2 * (8 + 2 * view.byTerm.subgroups.length));
    const first = view.terms[0];
    expect(rows[0][2]).toBe(first.counts.any);
    expect(rows[0][3]).toBe(Math.round((1000 * first.counts.any) / view.byTerm.n) / 10);
  });

  it("write the table by system organ class: each class's line, then its terms", async () => {
    const query = "layout=soc";
    const view = await loadAdverseEvents(access, parseAeQuery(new URLSearchParams(query)));
    const { rows, headers } = await exported(access, "adverse-events", "by-term", query);
    expect(headers.slice(0, 3)).toEqual(["System organ class", "Term", "Graded and ungraded events (†)"]);
    const expected = view.socGroups!.flatMap((g) => [[g.soc, null], ...g.terms.map((t) => [g.soc, t.term])]);
    expect(rows.map((r) => r.slice(0, 2))).toEqual(expected);
    // A class's line: its own subjects, each once.
    expect(rows[0][3]).toBe(view.socGroups![0].row.counts.any);
  });

  it("say the page's choices the listing follows, before its filters", async () => {
    const { table } = await exported(access, "adverse-events", "listing", "teae=1&relatedness=conservative&related=1");
    expect(table.filters).toEqual([
      "Treatment-emergent adverse events only",
      "Related in the conservative reading (no assessment and undecided causality count as related)",
      "Related",
    ]);
  });

  it("write the chart's segments, one row per drawn segment", async () => {
    const view = await loadAdverseEvents(access, parseAeQuery(new URLSearchParams()));
    const { rows, table } = await exported(access, "adverse-events", "term-chart");
    const segments = view.chart.rows.reduce(
      (n, r) => n + ["g1", "g2", "g3", "g4", "g5", "missing"].filter((k) => r.counts[k as "g1"] > 0).length,
      0,
    );
    expect(rows.length).toBe(segments);
    expect(table.title).toBe("Data of the chart: Most frequent terms: subjects by worst grade");
  });
});
