/**
 * A subject profile's exports hold its record tables as the page orders them, its timeline's items, its laboratory
 * grid with every visit, and the plotted values of the chosen trend's test and scale, as the chart's data table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labGrid } from "@/lib/clinical/laboratory/grid";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, testUserStudy } from "@/sections/export-testing";
import { reviewedPlainTable } from "@/sections/frame/reviewed-table";
import { loadSubjectProfile } from "./load";
import { recordTable } from "./tables";
import { timelineOf } from "./timeline-table";
import { trendTable } from "./trend-table";
import { trendOf } from "./ui/trend-of";

describe("a subject profile's exports", () => {
  let t: TestService;
  let access: ReturnType<typeof testUserStudy>;
  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 8, visits: 4 } });
    access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
  });
  afterAll(() => t.db.close());

  it("hold the subject's records as its tables show them, and its timeline's items", async () => {
    const id = (await access.rows("Patient")).value.rows[0].subjectId!;
    const view = await loadSubjectProfile(access, id, new URLSearchParams());
    if (!view.found) throw new Error("no subject");
    const query = "ae_sort=grade.desc&med_f_drug=a";
    for (const [kind, table] of [
      ["adverseEvents", "adverse-events"],
      ["medications", "medications"],
      ["assessments", "assessments"],
    ] as const) {
      const { rows, headers } = await exported(access, "subject", table, query, encodeURIComponent(id));
      // The page's table has its Review column first (docs/review.md); the file has it too.
      expect(headers[0]).toBe("Review");
      expect(rows).toEqual(browserRows(await reviewedPlainTable(recordTable(view, kind, ""), access), query));
    }
    const { rows } = await exported(access, "subject", "timeline", "", id);
    expect(rows.length).toBe(timelineOf(view)!.items.length);
    await expect(exported(access, "subject", "timeline", "", "NOBODY")).rejects.toThrow("no table");
  });

  it("hold each assessment of the timeline against its recomputed response, as the page's data table", async () => {
    const id = (await access.rows("DiagnosticReport")).value.rows[0].subjectId!;
    const { rows, headers } = await exported(access, "subject", "timeline", "", id);
    const column = headers.indexOf("Signed against recomputed (RECIST 1.1)");
    expect(column).toBeGreaterThan(0);
    const label = headers.indexOf("Label");
    // A ≠ label goes with a ≠ cell; every assessment marker (its lane's) has its cell, and nothing else has one.
    for (const row of rows) if (String(row[label]).includes("≠")) expect(row[column]).toMatch(/^≠ recomputed: /);
    const lane = headers.indexOf("Lane");
    const said = (r: readonly unknown[]) => /^(= same|≠ recomputed: |none: |not recomputed: )/.test(String(r[column]));
    expect(rows.map((r) => [r[lane] === "Response assessments", said(r)]).filter(([a, b]) => a !== b)).toEqual([]);
    expect(rows.filter(said).length).toBeGreaterThan(0);
  });

  it("hold the laboratory grid with every visit, a column each", async () => {
    const id = (await access.rows("Patient")).value.rows[0].subjectId!;
    const view = await loadSubjectProfile(access, id, new URLSearchParams());
    if (!view.found) throw new Error("no subject");
    const grid = labGrid(view.labs);
    const { rows, headers } = await exported(access, "subject", "lab-grid", "grid=2", id);
    expect(rows.length).toBe(grid.rows.length);
    expect(headers.length).toBe(3 + grid.columns.length);
    expect(rows[0].slice(3)).toEqual(grid.rows[0].cells.map((c) => c?.text ?? null));
  });
});

describe("a subject's trend export", () => {
  let t: TestService;
  let access: ReturnType<typeof testUserStudy>;
  beforeAll(async () => {
    t = await createTestService({ data: { subjects: 6, visits: 4 } });
    access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
  });
  afterAll(() => t.db.close());

  it.each(["trend=ALT", "trend=ALT&scale=uln&trend_sort=value.desc"])("holds the plotted values for %j", async (q) => {
    const id = (await access.rows("Patient")).value.rows[0].subjectId!;
    const view = await loadSubjectProfile(access, id, new URLSearchParams(q));
    if (!view.found) throw new Error("no subject");
    const trend = trendOf(view, new URLSearchParams(q));
    if (!trend.chosen) throw new Error("no trend");
    const { rows, table } = await exported(access, "subject", "trend", q, id);
    expect(rows).toEqual(browserRows(trendTable(trend.trend, trend.onsets, id, view.reference?.date ?? null), q));
    expect(rows.length).toBeGreaterThan(0);
    expect(table.title).toMatch(/^Data of the chart: ALT of subject /);
  });
});
