/**
 * The subject profile's state as its links carry it (server and client alike): the subject list's view (for the
 * way back and the previous and next subject), each record table's view, the trend's scale, the laboratory grid's
 * page and the open data tables
 * of its charts, each as read and written again. Nothing else of the address is repeated: a parameter the page does
 * not know, or a value it does not understand, would otherwise be written into the link of every test of the
 * laboratory grid.
 */
import { SUBJECT_LIST_STATE } from "@/lib/study/subject-list-columns";
import type { DataColumn } from "@/lib/tables/types";
import {
  DEFAULT_PAGE_SIZES,
  type ParamSource,
  parseTableState,
  serializeTableState,
  type UrlStateOptions,
} from "@/lib/tables/url-state";
import { AE_COLUMNS, ASSESSMENT_COLUMNS, MEDICATION_COLUMNS, RECORD_TABLES } from "./record-tables";
import {
  chooseGridPage,
  chooseVisitsPerPage,
  DEFAULT_VISITS_PER_PAGE,
  GRID_PAGE,
  GRID_VISITS,
  gridPageValue,
} from "./ui/grid-choice";

const recordTable = (prefix: string, columns: DataColumn[]): UrlStateOptions => ({
  columns: columns.map((c) => c.id),
  pageSizes: [...DEFAULT_PAGE_SIZES],
  prefix,
});

const TABLES: UrlStateOptions[] = [
  SUBJECT_LIST_STATE,
  recordTable(RECORD_TABLES.adverseEvents.prefix, AE_COLUMNS),
  recordTable(RECORD_TABLES.medications.prefix, MEDICATION_COLUMNS),
  recordTable(RECORD_TABLES.assessments.prefix, ASSESSMENT_COLUMNS),
];
/** The charts' open data tables (ChartPanel: `<id>_table=1`). */
const CHART_TABLES = ["timeline_table", "trend_table"];

/** The state to keep, and the trend shown when given (a value the page checked against the subject's tests). */
export function profileParams(query: ParamSource, trend?: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const opts of TABLES)
    serializeTableState(parseTableState(query, opts), new URLSearchParams(), opts).forEach((value, key) => {
      out.append(key, value);
    });
  if (trend !== undefined) out.set("trend", trend);
  if (query.get("scale") === "uln") out.set("scale", "uln");
  const page = gridPageValue(chooseGridPage(query.get(GRID_PAGE)));
  if (page !== null) out.set(GRID_PAGE, page);
  const visits = chooseVisitsPerPage(query.get(GRID_VISITS));
  if (visits !== DEFAULT_VISITS_PER_PAGE) out.set(GRID_VISITS, String(visits));
  for (const name of CHART_TABLES) if (query.get(name) === "1") out.set(name, "1");
  return out;
}
