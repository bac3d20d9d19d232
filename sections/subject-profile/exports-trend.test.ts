/** A subject's trend export holds the plotted values of the chosen test and scale, as the chart's data table. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, testUserStudy } from "@/sections/export-testing";
import { loadSubjectProfile } from "@/sections/subject-profile/load";
import { trendTable } from "./trend-table";
import { trendOf } from "./ui/trend-of";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 6, visits: 4 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

describe("a subject's trend export", () => {
  it.each(["trend=ALT", "trend=ALT&scale=uln&trend_sort=value.desc"])("holds the plotted values for %j", async (q) => {
    const id = (await access.rows("Patient")).value.rows[0].subjectId!;
    const view = await loadSubjectProfile(access, id, new URLSearchParams(q));
    if (!view.found) throw new Error("no subject");
    const trend = trendOf(view, new URLSearchParams(q));
    if (!trend.chosen) throw new Error("no trend");
    const { rows, table } = await exported(access, "subject", "trend", q, id);
    expect(rows).toEqual(browserRows(trendTable(trend.trend, trend.onsets, id), q));
    expect(rows.length).toBeGreaterThan(0);
    expect(table.title).toMatch(/^Data of the chart: ALT of subject /);
  });
});
