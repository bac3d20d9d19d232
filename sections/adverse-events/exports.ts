/**
 * The adverse-event section's exports: the overview, the table by term and worst grade (in the page's order of
 * terms, with its subgroup's columns), the chart of the most frequent terms, and the listing with its filters.
 */

import { chartTable } from "@/components/charts/chart-table";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import { sourcesOf } from "@/sections/frame/export-source";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { choiceWords, listingDef, listingFilterWords } from "./listing-table";
import { loadAdverseEvents } from "./load";
import { CHART_ID, parseAeQuery } from "./query";
import {
  AE_TABLES,
  byTermCaption,
  byTermDef,
  CHART_COLUMNS,
  CHART_TITLE,
  chartData,
  overviewCaption,
  overviewDef,
} from "./tables";

const load = (access: UserStudy, searchParams: URLSearchParams) =>
  loadAdverseEvents(access, parseAeQuery(searchParams));

export const ADVERSE_EVENT_SOURCES = sourcesOf(AE_TABLES, {
  overview: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    return tableExport(overviewDef(view), searchParams, {
      title: `${overviewCaption(view.overview.n, view.query.filter.teae)} (study ${access.study})`,
      fileLabel: "adverse-events-overview",
      asOf: view.asOf,
    });
  },
  "by-term": async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    return tableExport(byTermDef(view), searchParams, {
      title: `${byTermCaption(view)} (study ${access.study})`,
      fileLabel: "adverse-events-by-term",
      asOf: view.asOf,
    });
  },
  "term-chart": async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    const { rows } = chartData(view.chart.rows, "", new URLSearchParams());
    return plainTableExport(chartTable(CHART_ID, CHART_TITLE, CHART_COLUMNS, rows), searchParams, {
      fileLabel: "adverse-events-term-chart",
      asOf: view.asOf,
    });
  },
  listing: async (access, { params: searchParams }) => {
    const view = await load(access, searchParams);
    return tableExport(await reviewedTable(listingDef(view, ""), access), searchParams, {
      title: `Adverse events of study ${access.study}`,
      fileLabel: "adverse-events",
      filters: [...choiceWords(view.query.filter), ...listingFilterWords(view.query.filter).map(([words]) => words)],
      asOf: view.asOf,
    });
  },
});
