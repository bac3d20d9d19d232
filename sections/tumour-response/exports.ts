/**
 * The tumour-response exports: the summary's tables (best overall responses, the subjects a count chose, those
 * whose BORs differ, those left out of N) and the data of the waterfall, spider and swimmer plots as drawn.
 */

import { chartTable } from "@/components/charts/chart-table";
import { plainTableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { PlainTable } from "@/lib/tables/table-def";
import type { Source, Sources } from "@/sections/frame/export-source";
import { subjectIdOf } from "@/sections/frame/subject-id";
import { parseSubjectDrill } from "@/sections/tumour-response/drill";
import { loadTumourResponse } from "@/sections/tumour-response/load";
import { isSubjectIdShape, loadResponseSubject, type ResponseSubject } from "@/sections/tumour-response/load-subject";
import { loadResponseSummary } from "@/sections/tumour-response/load-summary";
import { spiderScale, spiderSubjects, swimmerPage, swimmerSort } from "@/sections/tumour-response/plot-query";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { assessmentsTable, lesionChartTable, lesionsTable } from "./subject-response-tables";
import { borTable, differTable, leftOutTable, NO_LINKS, subjectListTable } from "./summary-tables";
import { SPIDER_ID, spiderColumns, spiderData, spiderRows, spiderTitle } from "./ui/spider-data";
import { SWIMMER_COLUMNS, SWIMMER_ID, swimmerData, swimmerRow, swimmerTitle } from "./ui/swimmer-data";
import { WATERFALL_COLUMNS, WATERFALL_ID, waterfallData, waterfallTitle } from "./ui/waterfall-data";

type Summary = Awaited<ReturnType<typeof loadResponseSummary>>;

/** A table of the summary: from the view loaded under the URL's response options, when the study has the data. */
const summary =
  (label: string, table: (view: Summary, params: URLSearchParams) => PlainTable): Source =>
  async (access, { params }) => {
    const view = await loadResponseSummary(access, parseResponseQuery(params).options);
    if (!view.hasResponseData) return undefined;
    return plainTableExport(table(view, params), params, { fileLabel: `tumour-response-${label}`, asOf: view.asOf });
  };

async function plotView(access: UserStudy, params: URLSearchParams) {
  const query = parseResponseQuery(params);
  const view = await loadTumourResponse(access, query.options);
  return view.hasResponseData ? { view, query, borName: query.bor === "signed" ? "as signed" : "as recomputed" } : null;
}

/** A table of a subject's response page (the subject from the page's path, decoded as the page decodes it). */
const ofSubject =
  (label: string, table: (view: ResponseSubject, subjectId: string) => PlainTable): Source =>
  async (access, { params, subject }) => {
    const subjectId = subjectIdOf(subject ?? "");
    if (!isSubjectIdShape(subjectId)) return undefined;
    const view = await loadResponseSubject(access, subjectId, parseResponseQuery(params).options);
    if (!view.found) return undefined;
    return plainTableExport(table(view, subjectId), params, {
      fileLabel: `tumour-response-${subjectId}-${label}`,
      asOf: view.asOf,
    });
  };

export const TUMOUR_RESPONSE_SOURCES: Sources = {
  "tumour-response/subject:assessments": ofSubject("assessments", assessmentsTable),
  "tumour-response/subject:lesions": ofSubject("lesions", lesionsTable),
  "tumour-response/subject:lesion-chart": ofSubject("lesion-chart", lesionChartTable),
  "tumour-response:bor": summary("bor", (view) => borTable(view, NO_LINKS)),
  "tumour-response:subjects": summary(
    "subjects",
    (view, params) => subjectListTable(view, parseSubjectDrill(params), NO_LINKS).table,
  ),
  "tumour-response:differ": summary("differ", (view) => differTable(view, NO_LINKS)),
  "tumour-response:left-out": summary("left-out", (view) => leftOutTable(view, NO_LINKS)),
  "tumour-response/waterfall:chart": async (access, { params }) => {
    const p = await plotView(access, params);
    if (!p) return undefined;
    const { rows } = waterfallData(p.view.subjects, "", p.query);
    const table = chartTable(WATERFALL_ID, waterfallTitle(p.borName), WATERFALL_COLUMNS, rows);
    return plainTableExport(table, params, { fileLabel: "waterfall", asOf: p.view.asOf });
  },
  "tumour-response/spider:chart": async (access, { params }) => {
    const p = await plotView(access, params);
    if (!p) return undefined;
    const scale = spiderScale(params);
    const { lines } = spiderData(p.view.subjects, {
      studyHref: "",
      query: p.query,
      scale,
      asked: spiderSubjects(params),
    });
    const table = chartTable(SPIDER_ID, spiderTitle(scale, p.borName), spiderColumns(scale), spiderRows(lines));
    return plainTableExport(table, params, { fileLabel: `spider-${scale}`, asOf: p.view.asOf });
  },
  "tumour-response/swimmer:chart": async (access, { params }) => {
    const p = await plotView(access, params);
    if (!p) return undefined;
    const where = { studyHref: "", query: p.query, sort: swimmerSort(params), page: swimmerPage(params) };
    const d = swimmerData(p.view.subjects, where);
    const table = chartTable(SWIMMER_ID, swimmerTitle(p.borName), SWIMMER_COLUMNS, d.bars.map(swimmerRow));
    return plainTableExport(table, params, {
      fileLabel: `swimmer-page-${d.page}`,
      filters: [`Bars ${d.first}-${d.first + d.bars.length - 1} of ${d.total} (page ${d.page} of ${d.pages})`],
      asOf: p.view.asOf,
    });
  },
};
