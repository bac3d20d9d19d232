/**
 * The vital-sign exports hold the rows their page shows for the same URL state: the listing as the server's table
 * pages it, the summary and the chart's boxes as the browser's table orders them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, serverPages, testUserStudy } from "@/sections/export-testing";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { vitalDistribution } from "./distribution-table";
import { vitalListingDef } from "./listing-table";
import { loadVitalSigns } from "./load";
import { parseVitalQuery } from "./query";
import { vitalSummaryTable } from "./summary-table";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

const vitals = (query: string) => loadVitalSigns(access, parseVitalQuery(new URLSearchParams(query)));

describe("the vital-sign exports", () => {
  it.each(["", "vs_sort=result.desc,subject.asc", "vs_f_flag=H&vs_page=2", "sum_sort=n.desc&vs_q=101"])(
    "hold the listing's rows as its pages show them for %j",
    async (query) => {
      const view = await vitals(query);
      const { rows, table } = await exported(access, "vital-signs", "listing", query);
      expect(rows).toEqual(serverPages(await reviewedTable(vitalListingDef(view, view.chosen!, ""), access), query));
      expect(table.columns.map((c) => c.variable)).toContain("VSORRES");
    },
  );

  it("say the summary's exact filters of the listing in words", async () => {
    const view = await vitals("");
    const visit = view.chosen!.numbers!.visits[0].visit;
    const { table } = await exported(access, "vital-signs", "listing", `visit=${encodeURIComponent(visit ?? "")}`);
    expect(table.filters).toEqual([`Only the records of visit ${visit ?? "(no visit)"}`]);
  });

  it.each(["", "sum_sort=mean.desc", "vsdist_sort=median.asc&vsdist_f_n=%3E2"])(
    "hold the summary and the chart's boxes as the browser's tables show them for %j",
    async (query) => {
      const view = await vitals(query);
      const summary = await exported(access, "vital-signs", "summary", query);
      expect(summary.rows).toEqual(browserRows(vitalSummaryTable(view.chosen!, ""), query));
      const boxes = await exported(access, "vital-signs", "distribution", query);
      expect(boxes.rows).toEqual(browserRows(vitalDistribution(view.chosen!, ""), query));
      expect(boxes.headers).toEqual([
        ...["Visit", "n", "Min", "Lower whisker", "Q1", "Median"],
        ...["Q3", "Upper whisker", "Max", "Outliers (n)"],
      ]);
    },
  );
});
