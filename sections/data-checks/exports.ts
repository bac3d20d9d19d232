/** The data checks' exports: the findings the view's filters keep, and the count of findings per rule. */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { loadDataChecks, parseDataChecksQuery } from "@/sections/data-checks/load";
import type { Sources } from "@/sections/frame/export-source";
import { findingsTable, ruleCountsCaption, ruleCountsDef } from "./tables";

export const DATA_CHECK_SOURCES: Sources = {
  "data-checks:findings": async (access, { params }) => {
    const view = await loadDataChecks(access, parseDataChecksQuery(params));
    return plainTableExport(findingsTable(view, "", access.study), params, {
      fileLabel: "data-checks",
      asOf: view.asOf,
    });
  },
  "data-checks:rules": async (access, { params }) => {
    const view = await loadDataChecks(access, parseDataChecksQuery(params));
    return tableExport(ruleCountsDef(view), params, {
      title: ruleCountsCaption(view, access.study),
      fileLabel: "data-checks-per-rule",
      asOf: view.asOf,
    });
  },
};
