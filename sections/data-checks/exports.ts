/** The data checks' exports: the findings the view's filters keep, and the count of findings per rule. */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { sourcesOf } from "@/sections/frame/export-source";
import { loadReviewedChecks } from "./finding-review";
import { parseDataChecksQuery } from "./query";
import { DATA_CHECK_TABLES, findingsTable, ruleCountsCaption, ruleCountsDef } from "./tables";

export const DATA_CHECK_SOURCES = sourcesOf(DATA_CHECK_TABLES, {
  findings: async (access, { params: searchParams }) => {
    const view = await loadReviewedChecks(access, parseDataChecksQuery(searchParams));
    return plainTableExport(findingsTable(view, "", access.study), searchParams, {
      fileLabel: "data-checks",
      asOf: view.asOf,
    });
  },
  rules: async (access, { params: searchParams }) => {
    const view = await loadReviewedChecks(access, parseDataChecksQuery(searchParams));
    return tableExport(ruleCountsDef(view), searchParams, {
      title: ruleCountsCaption(view, access.study),
      fileLabel: "data-checks-per-rule",
      asOf: view.asOf,
    });
  },
});
