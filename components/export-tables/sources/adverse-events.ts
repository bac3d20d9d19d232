/**
 * The adverse-event section's exports: the overview, the table by term and worst grade (in the page's order of
 * terms, with its subgroup's columns), the chart of the most frequent terms, and the listing with its filters.
 */

import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { parseAeQuery } from "@/lib/study-views/adverse-events-query";
import { loadAdverseEvents } from "@/lib/study-views/load-adverse-events";
import type { UserStudy } from "@/lib/study-views/open-user-study";
import { CHART_COLUMNS, CHART_ID, CHART_TITLE, chartData } from "../../adverse-events/ae-chart-data";
import { listingFilterWords } from "../../adverse-events/ae-filter-words";
import { listingDef } from "../../adverse-events/ae-listing-columns";
import { byTermCaption, byTermDef, overviewCaption, overviewDef } from "../../adverse-events/ae-summary-tables";
import { chartTable } from "../../charts/chart-table";
import type { Sources } from "../source";

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
