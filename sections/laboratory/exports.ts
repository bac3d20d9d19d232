/**
 * The laboratory section's exports: the chosen test's results listing, the results a data note counts, and every
 * result of the study (the overview's file of all results); each from the rows the page's loader gives.
 */

import { chartTable } from "@/components/charts/chart-table";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import { indexArgument, type Sources, tableArgument } from "@/sections/frame/export-source";
import { issueCaption } from "@/sections/frame/issue-caption";
import { measurementDef } from "@/sections/frame/measurement-columns";
import { loadLaboratory } from "@/sections/laboratory/load";
import { parseLabQuery } from "@/sections/laboratory/query";
import { labOverviewTable } from "./lab-overview-table";
import { shiftCaption, shiftDef } from "./lab-shift-table";
import { resultsCaption } from "./ui/lab-results-caption";
import { CHART_COLUMNS, chartData, distributionId, distributionTitle } from "./ui/series-chart-data";

/** A chosen test's series by the index in a table's ID, with the view it comes from. */
async function seriesOf(access: UserStudy, params: URLSearchParams, index: number | undefined) {
  const query = parseLabQuery(params);
  const view = await loadLaboratory(access, query);
  const series = index === undefined ? undefined : view.test?.series[index];
  return series && view.test ? { view, test: view.test, series, query } : undefined;
}

/** The URL prefix of the state (filters, search, sort) of the file of every result. */
export const ALL_RESULTS_PREFIX = "all.";

export const LABORATORY_SOURCES: Sources = {
  "laboratory:distribution": async (access, { params, table }) => {
    const index = indexArgument(table);
    const found = await seriesOf(access, params, index);
    if (!found || found.series.numeric === 0) return undefined;
    const { rows } = chartData(found.series, { studyHref: "", base: "", query: found.query });
    const title = distributionTitle(found.test.name, found.series.unit);
    return plainTableExport(chartTable(distributionId(index!), title, CHART_COLUMNS, rows), params, {
      fileLabel: `laboratory-${found.test.name}-distribution`,
      asOf: found.view.asOf,
    });
  },
  "laboratory:shift": async (access, { params, table }) => {
    // "shift.low-0": the lowest-category table of the first unit.
    const [direction, at] = tableArgument(table).split("-");
    if (direction !== "low" && direction !== "high") return undefined;
    const found = await seriesOf(access, params, indexArgument(`.${at ?? ""}`));
    if (!found || found.series.numeric === 0) return undefined;
    return tableExport(shiftDef(found.series.shift[direction], direction), params, {
      title: `${shiftCaption(found.test.name, found.series.unit, direction)} (study ${access.study})`,
      fileLabel: `laboratory-${found.test.name}-shift-${direction}`,
      asOf: found.view.asOf,
    });
  },
  "laboratory:overview": async (access, { params }) => {
    const view = await loadLaboratory(access, parseLabQuery(params));
    const table = labOverviewTable(view.overview, view.tests, "", access.study);
    return plainTableExport(table, params, { fileLabel: "laboratory-tests", asOf: view.asOf });
  },
  "laboratory:results": async (access, { params }) => {
    const view = await loadLaboratory(access, parseLabQuery(params));
    if (!view.test) return undefined;
    return tableExport(measurementDef(view.test.listing, ""), params, {
      title: `${resultsCaption(view.test)} (study ${access.study})`,
      fileLabel: `laboratory-results-${view.test.name}`,
      asOf: view.asOf,
    });
  },
  "laboratory:issue": async (access, { params }) => {
    const view = await loadLaboratory(access, parseLabQuery(params));
    if (!view.issue) return undefined;
    return tableExport(measurementDef(view.issue.rows, ""), params, {
      title: issueCaption(view.issue.issue, `laboratory results of study ${access.study}, every test`),
      fileLabel: `laboratory-${view.issue.issue}`,
      asOf: view.asOf,
    });
  },
  "laboratory:all-results": async (access, { params }) => {
    const hit = await access.rows("laboratory");
    // The cached array itself, in the partner's order: a million rows are read by index, not copied. The page shows
    // no table of them, but the address may narrow the file with a listing's state under `all.` (docs/exports.md).
    const def = measurementDef(hit.value.rows, "");
    return tableExport({ ...def, state: { ...def.state!, prefix: ALL_RESULTS_PREFIX } }, params, {
      title: `Every laboratory result of study ${access.study}`,
      fileLabel: "laboratory-results",
      asOf: hit.loadedAt,
    });
  },
};
