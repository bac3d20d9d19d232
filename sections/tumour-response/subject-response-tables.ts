/**
 * A subject's response page's tables as the page shows them and their exports write them: every assessment
 * recomputed beside the signed one, every lesion at every assessment, and the target lesions' chart data.
 */

import { chartTable } from "@/components/charts/chart-table";
import type { PlainTable } from "@/lib/tables/table-def";
import { RESPONSE_ASSESSMENTS } from "@/sections/frame/addresses";
import type { ResponseSubject } from "@/sections/tumour-response/load-subject";
import { ASSESSMENT_COLUMNS, assessmentRows } from "./ui/assessment-rows";
import { LESION_CHART_COLUMNS, LESION_CHART_ID, lesionChartData, lesionChartTitle } from "./ui/lesion-chart-data";
import { lesionGrid } from "./ui/lesion-grid";

export function assessmentsTable(view: ResponseSubject, subjectId: string): PlainTable {
  const rows = assessmentRows(view.subject, view.reference?.date ?? null);
  return {
    caption: `Response assessments of subject ${subjectId} (${rows.length})`,
    columns: ASSESSMENT_COLUMNS,
    rows,
    urlPrefix: RESPONSE_ASSESSMENTS.prefix,
  };
}

export function lesionsTable(view: ResponseSubject, subjectId: string): PlainTable {
  const grid = lesionGrid(view.subject, view.lesions);
  return {
    caption: `Lesions of subject ${subjectId} at each assessment (${grid.rows.length})`,
    columns: grid.columns,
    rows: grid.rows,
    urlPrefix: "lg_",
  };
}

export function lesionChartTable(view: ResponseSubject, subjectId: string): PlainTable {
  const { rows } = lesionChartData(view.subject, view.lesions);
  return chartTable(LESION_CHART_ID, lesionChartTitle(subjectId), LESION_CHART_COLUMNS, rows);
}
