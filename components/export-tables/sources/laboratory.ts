/**
 * The laboratory section's exports: the chosen test's results listing, the results a data note counts, and every
 * result of the study (the overview's file of all results); each from the rows the page's loader gives.
 */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { parseLabQuery } from "@/lib/study-views/laboratory-query";
import { loadLaboratory } from "@/lib/study-views/load-laboratory";
import { labOverviewTable } from "../../laboratory/lab-overview-table";
import { resultsCaption } from "../../laboratory/lab-results-caption";
import { issueCaption } from "../../study/issue-caption";
import { measurementDef } from "../../study/measurement-columns";
import type { Sources } from "../source";

export const LABORATORY_SOURCES: Sources = {
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
  "laboratory:all-results": async (access) => {
    const hit = await access.rows("laboratory");
    // The cached array itself, in the partner's order: a million rows are read, not copied.
    const { columns, rows } = measurementDef(hit.value.rows, "");
    return tableExport({ columns, rows }, new URLSearchParams(), {
      title: `Every laboratory result of study ${access.study}`,
      fileLabel: "laboratory-results",
      asOf: hit.loadedAt,
    });
  },
};
