/**
 * The Liver safety page's URL contract (a page of the Laboratory section, beside ./query.ts, whose query it does not
 * share): the eDISH settings `enzyme` (ALT or AST), `x` and `y` (the thresholds), `days` (the concurrency
 * window), `peaks=all` (peaks of every result instead of those on treatment), `window` (the days after the last
 * dose still on treatment) and `scale=baseline` (multiples of baseline instead of the ULN); `quadrant`,
 * `concurrent=1` and `only` (the subjects listed: of a quadrant, with concurrent peaks, without a known first dose or
 * without a result on treatment); the addresses its counts and points open, where its listing is on the page, and
 * the URL prefixes of its tables' state. Anything missing, malformed or out of bounds falls back to its default;
 * nothing from the URL is echoed raw. No imports beyond the pure rules, so client components may use it.
 *
 *   enzyme=AST  x=3  y=2  days=30  peaks=all  window=30  scale=baseline  quadrant=hys-law  concurrent=1
 *   only=no-first-dose | no-on-treatment
 *   subject listing  subj_sort, subj_f_<column>, ... (lib/tables/url-state.ts)
 *   eDISH chart  edish_table=1, edish_... (components/charts/ChartPanel.tsx)
 */
import { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS } from "@/lib/clinical/exposure/on-treatment";
import {
  DAYS_BOUNDS,
  EDISH_DEFAULTS,
  EDISH_SCALES,
  type EdishParams,
  QUADRANTS,
  type Quadrant,
  THRESHOLD_BOUNDS,
} from "@/lib/clinical/liver/edish";
import { DEFAULT_PEAK_SOURCE, PEAK_SOURCES, type PeakSource } from "@/lib/clinical/liver/on-treatment-peaks";
import { LIVER_PANEL_TREND, SUBJECT_TREND_ANCHOR, subjectHref } from "@/sections/frame/addresses";

/** The plot's settings and the results its peaks are taken from: what the loader needs. */
export interface LiverSettings extends EdishParams {
  peaks: PeakSource;
  /** Days after the last dose still on treatment (with `peaks` on treatment). */
  windowDays: number;
}

export const LIVER_DEFAULTS: LiverSettings = {
  ...EDISH_DEFAULTS,
  peaks: DEFAULT_PEAK_SOURCE,
  windowDays: DEFAULT_WINDOW_DAYS,
};

/** Subjects a data note counts, listed on their own (`only=`): no known first dose, or no result on treatment. */
export const ONLY_SUBJECTS = ["no-first-dose", "no-on-treatment"] as const;
export type OnlySubjects = (typeof ONLY_SUBJECTS)[number];

export interface LiverQuery {
  /** The eDISH settings: the transaminase, the thresholds, the concurrency window, the peaks and the scale. */
  settings: LiverSettings;
  /** The quadrant whose subjects the listing shows; null: all evaluable subjects. */
  quadrant: Quadrant | null;
  /** Only the listed subjects whose peaks are concurrent (what the count table's "Concurrent peaks" counts). */
  concurrent: boolean;
  /** Only the listed subjects a data note counts; null: every one. */
  only: OnlySubjects | null;
}

export const LIVER_PARAMS = {
  enzyme: "enzyme",
  x: "x",
  y: "y",
  days: "days",
  peaks: "peaks",
  window: "window",
  scale: "scale",
  quadrant: "quadrant",
  concurrent: "concurrent",
  only: "only",
} as const;

type ParamSource = Pick<URLSearchParams, "get">;

/** A threshold: up to two digits and two decimals, within the bounds; else the default. */
function threshold(text: string | null, fallback: number): number {
  if (text === null || !/^\d{1,2}(\.\d{1,2})?$/.test(text)) return fallback;
  const n = Number(text);
  return n >= THRESHOLD_BOUNDS.min && n <= THRESHOLD_BOUNDS.max ? n : fallback;
}

/** A number of days: up to three digits, within the bounds; else the default. */
function days(text: string | null, max: number, fallback: number): number {
  if (text === null || !/^\d{1,3}$/.test(text)) return fallback;
  const n = Number(text);
  return n >= DAYS_BOUNDS.min && n <= max ? n : fallback;
}

/** One of a list of values, exactly; else null. */
const oneOf = <T extends string>(list: readonly T[], text: string | null): T | null =>
  list.find((v) => v === text) ?? null;

/** The query from the page's search parameters: of a name given more than once, the first value counts. */
export function parseLiverQuery(searchParams: ParamSource): LiverQuery {
  const get = (name: keyof typeof LIVER_PARAMS) => searchParams.get(LIVER_PARAMS[name]);
  const d = LIVER_DEFAULTS;
  return {
    settings: {
      transaminase: get("enzyme") === "AST" ? "AST" : "ALT",
      xThreshold: threshold(get("x"), d.xThreshold),
      yThreshold: threshold(get("y"), d.yThreshold),
      concurrentDays: days(get("days"), DAYS_BOUNDS.max, d.concurrentDays),
      scale: oneOf(EDISH_SCALES, get("scale")) ?? d.scale,
      peaks: oneOf(PEAK_SOURCES, get("peaks")) ?? d.peaks,
      windowDays: days(get("window"), MAX_WINDOW_DAYS, d.windowDays),
    },
    quadrant: oneOf(QUADRANTS, get("quadrant")),
    concurrent: get("concurrent") === "1",
    only: oneOf(ONLY_SUBJECTS, get("only")),
  };
}

/** The query string of a query (defaults left out, so that the plain address is the default page). */
export function liverSearch(q: LiverQuery): string {
  const searchParams = new URLSearchParams();
  const s = q.settings;
  const d = LIVER_DEFAULTS;
  if (s.transaminase !== d.transaminase) searchParams.set(LIVER_PARAMS.enzyme, s.transaminase);
  if (s.xThreshold !== d.xThreshold) searchParams.set(LIVER_PARAMS.x, String(s.xThreshold));
  if (s.yThreshold !== d.yThreshold) searchParams.set(LIVER_PARAMS.y, String(s.yThreshold));
  if (s.concurrentDays !== d.concurrentDays) searchParams.set(LIVER_PARAMS.days, String(s.concurrentDays));
  if (s.peaks !== d.peaks) searchParams.set(LIVER_PARAMS.peaks, s.peaks);
  if (s.windowDays !== d.windowDays) searchParams.set(LIVER_PARAMS.window, String(s.windowDays));
  if (s.scale !== d.scale) searchParams.set(LIVER_PARAMS.scale, s.scale);
  if (q.quadrant) searchParams.set(LIVER_PARAMS.quadrant, q.quadrant);
  if (q.concurrent) searchParams.set(LIVER_PARAMS.concurrent, "1");
  if (q.only) searchParams.set(LIVER_PARAMS.only, q.only);
  const text = searchParams.toString();
  return text ? `?${text}` : "";
}

/** The subject listing's heading, where a count's link leads. */
export const SUBJECTS_ANCHOR = "liver-subjects-title";
/** The URL prefix of the subject listing's table state. */
export const SUBJECTS_PREFIX = "subj_";
/** The eDISH chart's name in the URL (its data table's state). */
export const EDISH_ID = "edish";

/** The address of the listing filtered to a quadrant (null: every one), and to concurrent peaks when asked. */
export type QuadrantHref = (q: Quadrant | null, concurrent?: boolean) => string;

/** The subject listing of a quadrant from the page's query, its settings kept; `liver` is the page's address. */
export const quadrantHrefOf =
  (liver: string, query: LiverQuery): QuadrantHref =>
  (quadrant, concurrent = false) =>
    `${liver}${liverSearch({ ...query, quadrant, concurrent, only: null })}#${SUBJECTS_ANCHOR}`;

/**
 * The listing of the subjects a data note counts (`only`), with the page's other settings and the peaks of every
 * result (the only peaks such subjects have); `liver` is the page's address.
 */
export const onlyHref = (liver: string, query: LiverQuery, only: OnlySubjects) =>
  `${liver}${liverSearch({
    settings: { ...query.settings, peaks: "all" },
    quadrant: null,
    concurrent: false,
    only,
  })}#${SUBJECTS_ANCHOR}`;

/**
 * The address around each subject row's own part of its profile's link (`subject__href` of ./liver-tables.ts,
 * liverRows, liverPanelPart): the study's subject profiles, sent once for a thousand rows (DataColumn.hrefAround),
 * at the trend, so that a point of the eDISH chart opens that subject's liver tests over time.
 */
export const liverAround = (studyHref: string): readonly [string, string] => [
  subjectHref(studyHref, ""),
  `#${SUBJECT_TREND_ANCHOR}`,
];

/**
 * A subject's own part of its profile's link: its ID and its liver panel (`trend=liver`: ALT, AST, ALP and total
 * bilirubin ×ULN on one chart, docs/clinical-rules.md, Trends of one subject), whatever the names the partner gives
 * the tests; liverAround() is the rest.
 */
export const liverPanelPart = (subjectId: string) =>
  `${encodeURIComponent(subjectId)}?${new URLSearchParams({ trend: LIVER_PANEL_TREND })}`;
