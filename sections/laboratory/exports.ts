/**
 * The laboratory section's exports: a unit's distribution chart and shift tables, the test overview, the chosen
 * test's results listing, the results a data note counts, every test's results at one visit, and every result of the
 * study (the overview's file of all results); each from the rows the page's loader gives.
 */

import { chartTable } from "@/components/charts/chart-table";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import { indexArgument, sourcesOf, tableArgument } from "@/sections/frame/export-source";
import { issueCaption } from "@/sections/frame/issue-caption";
import { measurementDef } from "@/sections/frame/measurement-columns";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { CHART_COLUMNS, chartData, distributionTitle } from "./distribution-table";
import { issueListingOf, resultsCaption, visitListingCaption } from "./listing-caption";
import { labListingDef } from "./listing-columns";
import { loadLaboratory } from "./load";
import { labOverviewTable } from "./overview-table";
import { ALL_RESULTS_PREFIX, distributionId, parseLabQuery } from "./query";
import { shiftCaption, shiftDef } from "./shift-table";
import { LAB_TABLES } from "./tables";

/** A chosen test's series by the index in a table's ID, with the view it comes from. */
async function seriesOf(access: UserStudy, searchParams: URLSearchParams, index: number | undefined) {
  const query = parseLabQuery(searchParams);
  const view = await loadLaboratory(access, query);
  const series = index === undefined ? undefined : view.test?.series[index];
  return series && view.test ? { view, test: view.test, series, query } : undefined;
}

export const LABORATORY_SOURCES = sourcesOf(LAB_TABLES, {
  distribution: async (access, { params: searchParams, table }) => {
    const index = indexArgument(table);
    const found = await seriesOf(access, searchParams, index);
    if (!found || found.series.numeric === 0) return undefined;
    const { rows } = chartData(found.series, { studyHref: "", base: "", query: found.query });
    const title = distributionTitle(found.test.name, found.series.unit);
    return plainTableExport(chartTable(distributionId(index!), title, CHART_COLUMNS, rows), searchParams, {
      fileLabel: `laboratory-${found.test.name}-distribution`,
      asOf: found.view.asOf,
    });
  },
  shift: async (access, { params: searchParams, table }) => {
    // "shift.low-0": the lowest-category table of the first unit.
    const [direction, at] = tableArgument(table).split("-");
    if (direction !== "low" && direction !== "high") return undefined;
    const found = await seriesOf(access, searchParams, indexArgument(`.${at ?? ""}`));
    if (!found || found.series.numeric === 0) return undefined;
    return tableExport(shiftDef(found.series.shift[direction], direction), searchParams, {
      title: `${shiftCaption(found.test.name, found.series.unit, direction)} (study ${access.study})`,
      fileLabel: `laboratory-${found.test.name}-shift-${direction}`,
      asOf: found.view.asOf,
    });
  },
  overview: async (access, { params: searchParams }) => {
    const view = await loadLaboratory(access, parseLabQuery(searchParams));
    const table = labOverviewTable(view.overview, view.tests, "", access.study);
    return plainTableExport(table, searchParams, { fileLabel: "laboratory-tests", asOf: view.asOf });
  },
  results: async (access, { params: searchParams }) => {
    const view = await loadLaboratory(access, parseLabQuery(searchParams));
    if (!view.test) return undefined;
    return tableExport(await reviewedTable(labListingDef(view.test.listing, ""), access), searchParams, {
      title: `${resultsCaption(view.test)} (study ${access.study})`,
      fileLabel: `laboratory-results-${view.test.name}`,
      asOf: view.asOf,
    });
  },
  issue: async (access, { params: searchParams }) => {
    const view = await loadLaboratory(access, parseLabQuery(searchParams));
    if (!view.issue) return undefined;
    return tableExport(await reviewedTable(measurementDef(view.issue.rows, ""), access), searchParams, {
      title: issueCaption(view.issue.issue, issueListingOf(access.study)),
      fileLabel: `laboratory-${view.issue.issue}`,
      asOf: view.asOf,
    });
  },
  visit: async (access, { params: searchParams }) => {
    const view = await loadLaboratory(access, parseLabQuery(searchParams));
    if (!view.visit) return undefined;
    return tableExport(await reviewedTable(measurementDef(view.visit.rows, ""), access), searchParams, {
      title: visitListingCaption(access.study, view.visit.visit),
      fileLabel: `laboratory-visit-${view.visit.visit ?? "none"}`,
      asOf: view.asOf,
    });
  },
  "all-results": async (access, { params: searchParams }) => {
    const hit = await access.rows("laboratory");
    // The cached array itself, in the partner's order: a million rows are read by index, not copied. The page shows
    // no table of them, but the address may narrow the file with a listing's state under `all.` (docs/exports.md).
    const def = measurementDef(hit.value.rows, "");
    return tableExport({ ...def, state: { ...def.state!, prefix: ALL_RESULTS_PREFIX } }, searchParams, {
      title: `Every laboratory result of study ${access.study}`,
      fileLabel: "laboratory-results",
      asOf: hit.loadedAt,
    });
  },
});
