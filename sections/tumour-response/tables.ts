/**
 * The Tumour response section's tables as its pages show them and their exports write them. The summary's: the
 * best overall responses as signed and recomputed, the subjects a count chose (or every subject), the subjects whose
 * two BORs differ, and those left out of N with the reason. A subject's response page's: every assessment
 * recomputed beside the signed one, every lesion at every assessment, and the target lesions' chart data. The
 * rows are shaped in ./ui (bor-rows.ts, subject-rows.ts, assessment-rows.ts, ...); the plots' data tables with their
 * plots (./ui/waterfall-data.ts, spider-data.ts, swimmer-data.ts).
 */

import { chartTable } from "@/components/charts/chart-table";
import type { PlainTable } from "@/lib/tables/table-def";
import { RESPONSE_ASSESSMENTS } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { BOR_PREFIX, DIFFER_PREFIX, LEFT_OUT_PREFIX, LESIONS_PREFIX, SUBJECT_LIST_PREFIX } from "./addresses";
import type { FoundSubject, TumourResponseView } from "./load";
import type { SubjectDrill } from "./query";
import { ASSESSMENT_COLUMNS, assessmentRows } from "./ui/assessment-rows";
import { BOR_COLUMNS, type BorLinks, borTableRows } from "./ui/bor-rows";
import { LESION_CHART_COLUMNS, LESION_CHART_ID, lesionChartData, lesionChartTitle } from "./ui/lesion-chart-data";
import { lesionGrid } from "./ui/lesion-grid";
import { drillTitle, inDrill } from "./ui/subject-drill";
import {
  DIFFER_COLUMNS,
  differRows,
  LEFT_OUT_COLUMNS,
  leftOutRows,
  linkedColumns,
  SUBJECT_COLUMNS,
  type SubjectLinks,
  subjectRows,
} from "./ui/subject-rows";

/** The section's exportable tables, by page: the summary, a subject's response page, and each plot's data. */
export const SUMMARY_TABLES = exportKeys("tumour-response", ["bor", "subjects", "differ", "left-out"]);
export const RESPONSE_PAGE_TABLES = exportKeys("tumour-response/subject", ["assessments", "lesions", "lesion-chart"]);
export const WATERFALL_TABLES = exportKeys("tumour-response/waterfall", ["chart"]);
export const SPIDER_TABLES = exportKeys("tumour-response/spider", ["chart"]);
export const SWIMMER_TABLES = exportKeys("tumour-response/swimmer", ["chart"]);

// The summary's tables.

/** Links for a file: it has no use for them. */
export const NO_LINKS: SubjectLinks & BorLinks = {
  response: ["", ""],
  profile: ["", ""],
  drill: () => "",
  differ: "",
  leftOut: "",
};

export const DIFFER_CAPTION =
  "Evaluable subjects whose best overall response as signed differs from the recomputed one";
/** The same under intent to treat (its added subjects count NE both ways, so that they never differ). */
const DIFFER_CAPTION_ITT = "Subjects of N whose best overall response as signed differs from the recomputed one";

export function borTable(view: TumourResponseView, links: BorLinks): PlainTable {
  const s = view.study;
  return {
    caption: `Best overall response as signed and as recomputed (N = ${s.n.toLocaleString("en")})`,
    columns: BOR_COLUMNS,
    rows: borTableRows(s, links),
    urlPrefix: BOR_PREFIX,
  };
}

export function subjectListTable(view: TumourResponseView, drill: SubjectDrill | null, links: SubjectLinks) {
  const population = view.study.population;
  const listed = drill ? view.subjects.filter((s) => inDrill(s, drill, population)) : view.subjects;
  const title = drill ? drillTitle(drill, population) : "Every subject, evaluable or not";
  const table: PlainTable = {
    caption: `${title} (${listed.length})`,
    columns: linkedColumns(SUBJECT_COLUMNS, links),
    rows: subjectRows(listed),
    urlPrefix: SUBJECT_LIST_PREFIX,
    countStated: true,
  };
  return { title, table };
}

export function differTable(view: TumourResponseView, links: SubjectLinks): PlainTable {
  const differ = view.study.differ.map((id) => view.bySubject.get(id)!);
  return {
    caption: `${view.study.population === "itt" ? DIFFER_CAPTION_ITT : DIFFER_CAPTION} (${differ.length})`,
    columns: linkedColumns(DIFFER_COLUMNS, links),
    rows: differRows(differ),
    urlPrefix: DIFFER_PREFIX,
    countStated: true,
  };
}

export function leftOutTable(view: TumourResponseView, links: SubjectLinks): PlainTable {
  const rows = leftOutRows(view.subjects, view.study.population);
  return {
    caption: `Subjects left out of N, with the reason (${rows.length})`,
    columns: linkedColumns(LEFT_OUT_COLUMNS, links),
    rows,
    // The plots' data notes link to this table filtered by a reason (leftOutHref, ./query.ts).
    urlPrefix: LEFT_OUT_PREFIX,
    countStated: true,
  };
}

// A subject's response page's tables.

export function assessmentsTable(view: FoundSubject, subjectId: string): PlainTable {
  const rows = assessmentRows(view.subject, view.reference?.date ?? null);
  return {
    caption: `Response assessments of subject ${subjectId} (${rows.length})`,
    columns: ASSESSMENT_COLUMNS,
    rows,
    urlPrefix: RESPONSE_ASSESSMENTS.prefix,
    countStated: true,
    // Each row is one DiagnosticReport: reviewed record by record (docs/review.md).
    records: { recordType: "DiagnosticReport", keyProperty: "key" },
  };
}

export function lesionsTable(view: FoundSubject, subjectId: string): PlainTable {
  const grid = lesionGrid(view.subject, view.lesions);
  return {
    caption: `Lesions of subject ${subjectId} at each assessment (${grid.rows.length})`,
    columns: grid.columns,
    rows: grid.rows,
    urlPrefix: LESIONS_PREFIX,
    countStated: true,
  };
}

export function lesionChartTable(view: FoundSubject, subjectId: string): PlainTable {
  const { rows } = lesionChartData(view.subject, view.lesions);
  return chartTable(LESION_CHART_ID, lesionChartTitle(subjectId), LESION_CHART_COLUMNS, rows);
}
