/**
 * The page's state that its links keep (../query.ts): the subject list's and each record table's state, the trend's
 * scale and time axis, the grid's page, the charts' open data tables and the anchor of day 1, each as read and
 * written again, and the trend shown when given (a value the page checked against the subject's tests). Not the
 * address as it came: a parameter the page does not know would otherwise be written into the link of every test of
 * the laboratory grid.
 */
import { SUBJECT_LIST_STATE } from "@/lib/study/subject-list-columns";
import { type ParamSource, parseTableState, serializeTableState } from "@/lib/tables/url-state";
import {
  chartTableParam,
  chooseGridPage,
  chooseTrendAxis,
  chooseVisitsPerPage,
  DAY_ONE_PARAM,
  DEFAULT_VISITS_PER_PAGE,
  dayOneValue,
  GRID_PAGE,
  GRID_VISITS,
  gridPageValue,
  profileDayOne,
  SCALE_PARAM,
  TIMELINE_CHART,
  TREND_AXIS_PARAM,
  TREND_CHART,
  TREND_PARAM,
} from "../query";
import { RECORD_TABLE_STATES } from "../tables";

const TABLES = [SUBJECT_LIST_STATE, ...RECORD_TABLE_STATES];
const CHART_TABLES = [chartTableParam(TIMELINE_CHART), chartTableParam(TREND_CHART)];

export function keptSearchParams(searchParams: ParamSource, trend?: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const opts of TABLES)
    serializeTableState(parseTableState(searchParams, opts), new URLSearchParams(), opts).forEach((value, key) => {
      out.append(key, value);
    });
  if (trend !== undefined) out.set(TREND_PARAM, trend);
  if (searchParams.get(SCALE_PARAM) === "uln") out.set(SCALE_PARAM, "uln");
  if (chooseTrendAxis(searchParams.get(TREND_AXIS_PARAM)) === "day") out.set(TREND_AXIS_PARAM, "day");
  const page = gridPageValue(chooseGridPage(searchParams.get(GRID_PAGE)));
  if (page !== null) out.set(GRID_PAGE, page);
  const visits = chooseVisitsPerPage(searchParams.get(GRID_VISITS));
  if (visits !== DEFAULT_VISITS_PER_PAGE) out.set(GRID_VISITS, String(visits));
  for (const name of CHART_TABLES) if (searchParams.get(name) === "1") out.set(name, "1");
  const dayOne = dayOneValue(profileDayOne(searchParams.get(DAY_ONE_PARAM)));
  if (dayOne !== null) out.set(DAY_ONE_PARAM, dayOne);
  return out;
}
