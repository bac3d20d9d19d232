/**
 * The adverse-event section's exports: the overview, the table by term and worst grade (in the page's order of
 * terms, with its subgroup's columns), the chart of the most frequent terms, and the listing with its filters.
 */

import { chartTable } from "@/components/charts/chart-table";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import { loadAdverseEvents } from "@/sections/adverse-events/load";
import { parseAeQuery } from "@/sections/adverse-events/query";
import type { Sources } from "@/sections/frame/export-source";
import { listingDef } from "./listing-table";
import { byTermCaption, byTermDef, overviewCaption, overviewDef } from "./summary-tables";
import { CHART_COLUMNS, CHART_ID, CHART_TITLE, chartData } from "./ui/ae-chart-data";
import { listingFilterWords } from "./ui/ae-filter-words";

const load = (access: UserStudy, params: URLSearchParams) => loadAdverseEvents(access, parseAeQuery(params));

export const ADVERSE_EVENT_SOURCES: Sources = {
  "adverse-events:overview": async (access, { params }) => {
    const view = await load(access, params);
    return tableExport(overviewDef(view), params, {
      title: `${overviewCaption(view.overview.n)} (study ${access.study})`,
      fileLabel: "adverse-events-overview",
      asOf: view.asOf,
    });
  },
  "adverse-events:by-term": async (access, { params }) => {
    const view = await load(access, params);
    return tableExport(byTermDef(view), params, {
      title: `${byTermCaption(view)} (study ${access.study})`,
      fileLabel: "adverse-events-by-term",
      asOf: view.asOf,
    });
  },
  "adverse-events:term-chart": async (access, { params }) => {
    const view = await load(access, params);
    const { rows } = chartData(view.chart.rows, "", new URLSearchParams());
    return plainTableExport(chartTable(CHART_ID, CHART_TITLE, CHART_COLUMNS, rows), params, {
      fileLabel: "adverse-events-term-chart",
      asOf: view.asOf,
    });
  },
  "adverse-events:listing": async (access, { params }) => {
    const view = await load(access, params);
    return tableExport(listingDef(view, ""), params, {
      title: `Adverse events of study ${access.study}`,
      fileLabel: "adverse-events",
      filters: listingFilterWords(view.query.filter).map(([words]) => words),
      asOf: view.asOf,
    });
  },
};
