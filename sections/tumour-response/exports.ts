/**
 * The tumour-response exports: the summary's tables (best overall responses, the subjects a count chose, those
 * whose BORs differ, those left out of N), a subject's response page's tables, and the data of the waterfall, spider
 * and swimmer plots as drawn.
 */

import { chartTable } from "@/components/charts/chart-table";
import { plainTableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { PlainTable } from "@/lib/tables/table-def";
import { type Source, type Sources, sourcesOf } from "@/sections/frame/export-source";
import { reviewedPlainTable } from "@/sections/frame/reviewed-table";
import { subjectIdOf } from "@/sections/frame/subject-id";
import { type FoundSubject, loadResponsePage, loadResponseSummary, loadTumourResponse } from "./load";
import {
  isSubjectIdShape,
  parseResponseQuery,
  parseSpiderQuery,
  parseSummaryQuery,
  parseSwimmerQuery,
  type ResponseQuery,
  type SummaryQuery,
} from "./query";
import {
  assessmentsTable,
  borTable,
  differTable,
  leftOutTable,
  lesionChartTable,
  lesionsTable,
  NO_LINKS,
  RESPONSE_PAGE_TABLES,
  SPIDER_TABLES,
  SUMMARY_TABLES,
  SWIMMER_TABLES,
  subjectListTable,
  WATERFALL_TABLES,
} from "./tables";
import { DAYS_SINCE } from "./ui/plot-axes";
import { SPIDER_ID, spiderColumns, spiderData, spiderRows, spiderTitle } from "./ui/spider-data";
import { SWIMMER_COLUMNS, SWIMMER_ID, swimmerData, swimmerRow, swimmerTitle } from "./ui/swimmer-data";
import { WATERFALL_COLUMNS, WATERFALL_ID, waterfallData, waterfallTitle } from "./ui/waterfall-data";

type Summary = Awaited<ReturnType<typeof loadResponseSummary>>;

/** A table of the summary: from the view loaded under the URL's response options, when the study has the data. */
const summary =
  (label: string, table: (view: Summary, query: SummaryQuery) => PlainTable): Source =>
  async (access, { params: searchParams }) => {
    const query = parseSummaryQuery(searchParams);
    const view = await loadResponseSummary(access, query.options, query);
    if (!view.hasResponseData) return undefined;
    return plainTableExport(table(view, query), searchParams, {
      fileLabel: `tumour-response-${label}`,
      asOf: view.asOf,
    });
  };

/** A plot's view under the URL's response options and its BOR's name, when the study has the data. */
async function loadPlot<Q extends ResponseQuery>(access: UserStudy, query: Q) {
  const view = await loadTumourResponse(access, query.options, query);
  return view.hasResponseData ? { view, query, borName: query.bor === "signed" ? "as signed" : "as recomputed" } : null;
}

/** A table of a subject's response page (the subject from the page's path, decoded as the page decodes it). */
const ofSubject =
  (label: string, table: (view: FoundSubject, subjectId: string) => PlainTable): Source =>
  async (access, { params: searchParams, subject }) => {
    const subjectId = subjectIdOf(subject ?? "");
    if (!isSubjectIdShape(subjectId)) return undefined;
    const query = parseResponseQuery(searchParams);
    const view = await loadResponsePage(access, subjectId, query.options, query);
    if (!view.found) return undefined;
    // A table of records has its Review column, as on the page (docs/review.md).
    const shown = await reviewedPlainTable(table(view, subjectId), access);
    return plainTableExport(shown, searchParams, {
      fileLabel: `tumour-response-${subjectId}-${label}`,
      asOf: view.asOf,
    });
  };

export const TUMOUR_RESPONSE_SOURCES: Sources = {
  ...sourcesOf(RESPONSE_PAGE_TABLES, {
    assessments: ofSubject("assessments", assessmentsTable),
    lesions: ofSubject("lesions", lesionsTable),
    "lesion-chart": ofSubject("lesion-chart", lesionChartTable),
  }),
  ...sourcesOf(SUMMARY_TABLES, {
    bor: summary("bor", (view) => borTable(view, NO_LINKS)),
    subjects: summary("subjects", (view, query) => subjectListTable(view, query.drill, NO_LINKS).table),
    differ: summary("differ", (view) => differTable(view, NO_LINKS)),
    "left-out": summary("left-out", (view) => leftOutTable(view, NO_LINKS)),
  }),
  ...sourcesOf(WATERFALL_TABLES, {
    chart: async (access, { params: searchParams }) => {
      const p = await loadPlot(access, parseResponseQuery(searchParams));
      if (!p) return undefined;
      const { rows } = waterfallData(p.view.subjects, "", p.query);
      const table = chartTable(WATERFALL_ID, waterfallTitle(p.borName), WATERFALL_COLUMNS, rows);
      return plainTableExport(table, searchParams, { fileLabel: "waterfall", asOf: p.view.asOf });
    },
  }),
  ...sourcesOf(SPIDER_TABLES, {
    chart: async (access, { params: searchParams }) => {
      const p = await loadPlot(access, parseSpiderQuery(searchParams));
      if (!p) return undefined;
      const { scale, asked } = p.query;
      const { lines } = spiderData(p.view.subjects, { studyHref: "", query: p.query, scale, asked });
      const columns = spiderColumns(scale, DAYS_SINCE[p.view.dayOne.anchor]);
      const table = chartTable(SPIDER_ID, spiderTitle(scale, p.borName), columns, spiderRows(lines));
      return plainTableExport(table, searchParams, { fileLabel: `spider-${scale}`, asOf: p.view.asOf });
    },
  }),
  ...sourcesOf(SWIMMER_TABLES, {
    chart: async (access, { params: searchParams }) => {
      const p = await loadPlot(access, parseSwimmerQuery(searchParams));
      if (!p) return undefined;
      const { sort, page } = p.query;
      const d = swimmerData(p.view.subjects, { studyHref: "", query: p.query, sort, page });
      const table = chartTable(SWIMMER_ID, swimmerTitle(p.borName), SWIMMER_COLUMNS, d.bars.map(swimmerRow));
      return plainTableExport(table, searchParams, {
        fileLabel: `swimmer-page-${d.page}`,
        filters: [`Bars ${d.first}-${d.first + d.bars.length - 1} of ${d.total} (page ${d.page} of ${d.pages})`],
        asOf: p.view.asOf,
      });
    },
  }),
};
