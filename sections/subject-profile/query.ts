/**
 * The subject profile's URL contract (server and client alike): the subject from the path, and the page's state
 * as its links carry it, each part read where it is used and written again only as understood:
 *
 *   path            /studies/<connection>/<study>/subjects/<subject ID> (sections/frame/addresses.ts)
 *   subject list    sort, q, f_<column>, page, size (no prefix; the way back, previous and next)
 *   record tables   ae_*, med_*, dr_* (lib/tables/url-state.ts), at their anchors
 *   trend           trend=<lab key>|vs:<vital-sign key>|<test name>|liver   scale=uln (./ui/trend-choice.ts)
 *   laboratory grid grid=<page from 1>   grid_visits=6|12|24
 *   charts          timeline_table=1, trend_table=1 (a chart's data table open), trend_f_record=... (its state)
 *   study days      day1=baseline (day 1 at the baseline assessment; the first dose of the study drug otherwise)
 *
 * A parameter the page does not know, or a value it does not understand, is not written back: it would otherwise
 * be repeated in the link of every test of the laboratory grid.
 */

import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { SUBJECT_ASSESSMENTS_ANCHOR, sectionHref, subjectHref } from "@/sections/frame/addresses";
import { subjectIdOf } from "@/sections/frame/subject-id";

export interface SubjectProfileQuery {
  /** The subject's ID, read back from the path's segment. */
  subjectId: string;
  /** The page's search parameters: the subject list's order (for previous and next), and the parts' own state. */
  searchParams: URLSearchParams;
}

export function parseSubjectProfileQuery(
  searchParams: URLSearchParams,
  segments: Readonly<Record<string, string>>,
): SubjectProfileQuery {
  return { subjectId: subjectIdOf(segments.subjectId ?? ""), searchParams };
}

/** The profile's tables of records: each one's URL prefix (several tables on one page) and its anchor. */
export const RECORD_TABLES = {
  adverseEvents: { prefix: "ae_", anchor: "subject-adverse-events" },
  medications: { prefix: "med_", anchor: "subject-medications" },
  assessments: { prefix: "dr_", anchor: SUBJECT_ASSESSMENTS_ANCHOR },
  measurements: { anchor: "subject-measurements" },
} as const;

/**
 * Day 1 of the study days (docs/clinical-rules.md, Study medication and study day 1): `day1=baseline` anchors it on
 * the baseline response assessment; anything else is the profile's default, the first dose of the study drug.
 */
export const DAY_ONE_PARAM = "day1";
export const PROFILE_DAY_ONE: DayOneAnchor = "first-dose";

export function profileDayOne(param: string | null): DayOneAnchor {
  return param === "baseline" ? "baseline" : PROFILE_DAY_ONE;
}

/** The URL value of an anchor: none for the default, so that the profile keeps its plain address. */
export const dayOneValue = (anchor: DayOneAnchor): string | null => (anchor === PROFILE_DAY_ONE ? null : anchor);

/** Where the study days are said on the page (the timeline's heading). */
export const STUDY_DAYS_ANCHOR = "subject-timeline-title";

/** The profile with day 1 at an anchor, at its study days; `kept`: the page's other state as understood. */
export const dayOneHref = (kept: URLSearchParams, anchor: DayOneAnchor) =>
  `${withParam(kept, DAY_ONE_PARAM, dayOneValue(anchor))}#${STUDY_DAYS_ANCHOR}`;

/** The medications table's cell of a study-drug record (its "Study medication" column). */
export const STUDY_MEDICATION_CELL = "Yes";

/** The subject's medications table filtered to its study-drug records (its other state and page start afresh). */
export function studyDrugRecordsHref(kept: URLSearchParams): string {
  const { prefix, anchor } = RECORD_TABLES.medications;
  const next = new URLSearchParams();
  kept.forEach((value, key) => {
    if (!key.startsWith(`${prefix}f_`) && key !== `${prefix}q` && key !== `${prefix}page`) next.append(key, value);
  });
  next.set(`${prefix}f_study`, `=${STUDY_MEDICATION_CELL}`);
  return `?${next}#${anchor}`;
}

/** Where the laboratory grid and the trend are on the page. */
export const LAB_GRID_ANCHOR = "lab-grid";
export const TREND_ANCHOR = "trend";

/** The trend's parameters: the test or vital-sign item, and the scale (`uln`, or raw values without it). */
export const TREND_PARAM = "trend";
export const SCALE_PARAM = "scale";
/** The trend's time axis: collection dates, or study days (`trend_x=day`), the subject timeline's axis. */
export const TREND_AXIS_PARAM = "trend_x";
export type TrendAxis = "date" | "day";
export const chooseTrendAxis = (param: string | null): TrendAxis => (param === "day" ? "day" : "date");

/** The charts' names in the URL: their data tables' state (`trend_f_record=`) and `<name>_table=1` to open them. */
export const TIMELINE_CHART = "timeline";
export const TREND_CHART = "trend";
/** The parameter that opens a chart's data table (ChartPanel). */
export const chartTableParam = (chart: string) => `${chart}_table`;

/**
 * The laboratory grid's page: `grid=` (the page, from 1) and `grid_visits=` (visits a page: 6, 12 or 24). Anything
 * else is the default (page 1, 12 visits); a page beyond the last shows the last one
 * (lib/clinical/laboratory/grid-pages.ts), so a link kept from before a refresh still opens the grid.
 */
export const GRID_PAGE = "grid";
export const GRID_VISITS = "grid_visits";
export const VISITS_PER_PAGE = [6, 12, 24] as const;
export const DEFAULT_VISITS_PER_PAGE = 12;

export function chooseGridPage(param: string | null): number {
  return param !== null && /^[1-9]\d{0,3}$/.test(param) ? Number(param) : 1;
}

export function chooseVisitsPerPage(param: string | null): number {
  return VISITS_PER_PAGE.find((n) => String(n) === param) ?? DEFAULT_VISITS_PER_PAGE;
}

/** The URL value of a page: none for the first, so that the grid's first page keeps its plain address. */
export const gridPageValue = (page: number): string | null => (page === 1 ? null : String(page));

/** The id of a visit's column head (from 0 over the whole grid), where a chosen visit is brought into view. */
export const visitHeadId = (index: number) => `lab-visit-${index}`;

/**
 * The id of a result in the grid: its test's row, its visit's column (over the whole grid) and, after the first,
 * its place in the cell. Short, since a page has hundreds of them; where a trend's point finds its result.
 */
export const resultCellId = (p: { row: number; column: number; index: number }) =>
  `lr-${p.row}-${p.column}${p.index > 0 ? `-${p.index}` : ""}`;

/** The given search parameters with one parameter set (or removed): links keep the rest of the page's state. */
export function withParam(
  searchParams: { forEach(cb: (value: string, key: string) => void): void },
  name: string,
  value: string | null,
): string {
  const next = new URLSearchParams();
  searchParams.forEach((v, k) => {
    if (k !== name) next.append(k, v);
  });
  if (value !== null) next.set(name, value);
  const q = next.toString();
  return q ? `?${q}` : "?";
}

/** A test's trend, at the trend on the page; `kept`: the page's other state as understood. */
export const trendHref = (kept: URLSearchParams, value: string) =>
  `${withParam(kept, TREND_PARAM, value)}#${TREND_ANCHOR}`;

/** A page of the grid (and a number of visits a page, when given); `kept`: the page's other state as understood. */
export function gridHref(kept: URLSearchParams, page: number, visits?: number): string {
  const next = new URLSearchParams(withParam(kept, GRID_PAGE, gridPageValue(page)));
  if (visits !== undefined) {
    if (visits === DEFAULT_VISITS_PER_PAGE) next.delete(GRID_VISITS);
    else next.set(GRID_VISITS, String(visits));
  }
  const q = next.toString();
  return q ? `?${q}` : "?";
}

const withSearch = (href: string, search: string) => (search ? `${href}?${search}` : href);

/** The subject list with its order and filters as the user left them (`listSearch`, "" by default). */
export const subjectListHref = (studyHref: string, listSearch: string) =>
  withSearch(sectionHref(studyHref, "subjects"), listSearch);

/** A subject's profile, the subject list's order and filters carried on. */
export const profileHref = (studyHref: string, subjectId: string, listSearch: string) =>
  withSearch(subjectHref(studyHref, subjectId), listSearch);
