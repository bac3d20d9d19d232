/**
 * A subject's response page's tables as the page shows them and their exports write them: every assessment
 * recomputed beside the signed one, every lesion at every assessment, and the target lesions' chart data.
 */
import type { ResponseSubject } from "@/lib/study-views/load-response-subject";
import type { PlainTable } from "@/lib/tables/table-def";
import { chartTable } from "../charts/chart-table";
import { RESPONSE_ASSESSMENTS } from "../study/sections";
import { ASSESSMENT_COLUMNS, assessmentRows } from "./assessment-rows";
import { LESION_CHART_COLUMNS, LESION_CHART_ID, lesionChartData, lesionChartTitle } from "./lesion-chart-data";
import { lesionGrid } from "./lesion-grid";

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
