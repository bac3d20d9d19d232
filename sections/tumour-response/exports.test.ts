/**
 * The tumour-response exports hold what the pages show: the summary's tables as the browser's tables order them
 * for the URL's state (the response options, the subjects a count chose), and the plots' data as drawn.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, testUserStudy } from "@/sections/export-testing";
import { reviewedPlainTable } from "@/sections/frame/reviewed-table";
import { loadResponsePage, loadResponseSummary, loadTumourResponse } from "@/sections/tumour-response/load";
import { parseResponseQuery, parseSubjectDrill } from "@/sections/tumour-response/query";
import { assessmentsTable, borTable, differTable, lesionsTable, NO_LINKS, subjectListTable } from "./tables";
import { swimmerData } from "./ui/swimmer-data";
import { waterfallData } from "./ui/waterfall-data";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 16, visits: 5 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

const summaryOf = (query: string) =>
  loadResponseSummary(access, parseResponseQuery(new URLSearchParams(query)).options);

describe("the tumour-response exports", () => {
  it.each(["", "confirm=1&bt_sort=signed.desc", "sl_sort=bestPercent.asc&sl_f_recomputed=PR"])(
    "hold the summary's tables as the page orders them for %j",
    async (query) => {
      const view = await summaryOf(query);
      expect((await exported(access, "tumour-response", "bor", query)).rows).toEqual(
        browserRows(borTable(view, NO_LINKS), query),
      );
      const drill = parseSubjectDrill(new URLSearchParams(query));
      expect((await exported(access, "tumour-response", "subjects", query)).rows).toEqual(
        browserRows(subjectListTable(view, drill, NO_LINKS).table, query),
      );
      expect((await exported(access, "tumour-response", "differ", query)).rows).toEqual(
        browserRows(differTable(view, NO_LINKS), query),
      );
    },
  );

  it("write the waterfall's rows, every subject, and one page of the swimmer's bars", async () => {
    const query = parseResponseQuery(new URLSearchParams());
    const view = await loadTumourResponse(access, query.options);
    const waterfall = await exported(access, "tumour-response/waterfall", "chart");
    expect(waterfall.rows.length).toBe(waterfallData(view.subjects, "", query).rows.length);
    expect(waterfall.rows.map((r) => r[0]).sort()).toEqual(view.subjects.map((s) => s.subjectId).sort());
    const swimmer = await exported(access, "tumour-response/swimmer", "chart", "sort=bor");
    const d = swimmerData(view.subjects, { studyHref: "", query, sort: "bor", page: 1 });
    expect(swimmer.rows.length).toBe(d.bars.length);
    expect(swimmer.table.filters[0]).toBe(`Bars 1-${d.bars.length} of ${d.total} (page 1 of ${d.pages})`);
  });

  it("write the spider plot's points on the chosen scale", async () => {
    const { rows, headers } = await exported(access, "tumour-response/spider", "chart", "scale=nadir");
    expect(rows.length).toBeGreaterThan(0);
    expect(headers.join(" ")).toMatch(/nadir/i);
  });

  it("write a subject's assessments, lesions and lesion chart as its page shows them", async () => {
    const query = parseResponseQuery(new URLSearchParams());
    const view = await loadTumourResponse(access, query.options);
    const id = view.subjects.find((x) => x.assessments.length > 2)!.subjectId;
    const subject = await loadResponsePage(access, id, query.options);
    if (!subject.found) throw new Error("no subject");
    const q = "as_sort=date.desc";
    const assessments = await exported(access, "tumour-response/subject", "assessments", q, encodeURIComponent(id));
    // The page's table of assessments is reviewed record by record: its Review column first (docs/review.md).
    const shown = await reviewedPlainTable(assessmentsTable(subject, id), access);
    expect(assessments.rows).toEqual(browserRows(shown, q));
    expect(assessments.rows.length).toBeGreaterThan(2);
    expect(assessments.rows.every((r) => r[0] === "Not reviewed")).toBe(true);
    const lesions = await exported(access, "tumour-response/subject", "lesions", "", id);
    expect(lesions.rows).toEqual(browserRows(lesionsTable(subject, id), ""));
    const chart = await exported(access, "tumour-response/subject", "lesion-chart", "", id);
    expect(chart.table.title).toBe(`Data of the chart: Target lesions of subject ${id}: size, target sum and nadir`);
    await expect(exported(access, "tumour-response/subject", "lesions", "", "NOBODY")).rejects.toThrow("no table");
  });
});
