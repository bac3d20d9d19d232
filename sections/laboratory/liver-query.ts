/**
 * The Liver safety page's URL contract (a page of the Laboratory section, beside ./query.ts, whose query it does not
 * share): the eDISH settings `enzyme` (ALT or AST), `x` and `y` (the thresholds, ×ULN) and `days` (the concurrency
 * window); `quadrant` and `concurrent=1` (the subjects listed: of a quadrant, with concurrent peaks); the
 * addresses its counts and points open, where its listing is on the page, and the URL prefixes of its tables'
 * state. Anything missing, malformed or out of bounds falls back to its default; nothing from the URL is echoed
 * raw. No imports beyond the pure rules, so client components may use it.
 *
 *   enzyme=AST  x=3  y=2  days=30  quadrant=hys-law  concurrent=1
 *   subject listing  subj_sort, subj_f_<column>, ... (lib/tables/url-state.ts)
 *   eDISH chart  edish_table=1, edish_... (components/charts/ChartPanel.tsx)
 */
import {
  DAYS_BOUNDS,
  EDISH_DEFAULTS,
  type EdishParams,
  QUADRANTS,
  type Quadrant,
  THRESHOLD_BOUNDS,
} from "@/lib/clinical/liver/edish";
import { subjectHref } from "@/sections/frame/addresses";

export interface LiverQuery {
  /** The eDISH settings: the transaminase, the thresholds and the concurrency window. */
  settings: EdishParams;
  /** The quadrant whose subjects the listing shows; null: all evaluable subjects. */
  quadrant: Quadrant | null;
  /** Only the listed subjects whose peaks are concurrent (what the count table's "Concurrent peaks" counts). */
  concurrent: boolean;
}

export const LIVER_PARAMS = {
  enzyme: "enzyme",
  x: "x",
  y: "y",
  days: "days",
  quadrant: "quadrant",
  concurrent: "concurrent",
} as const;

type ParamSource = Pick<URLSearchParams, "get">;

/** A threshold: up to two digits and two decimals, within the bounds; else the default. */
function threshold(text: string | null, fallback: number): number {
  if (text === null || !/^\d{1,2}(\.\d{1,2})?$/.test(text)) return fallback;
  const n = Number(text);
  return n >= THRESHOLD_BOUNDS.min && n <= THRESHOLD_BOUNDS.max ? n : fallback;
}

function days(text: string | null): number {
  if (text === null || !/^\d{1,3}$/.test(text)) return EDISH_DEFAULTS.concurrentDays;
  const n = Number(text);
  return n >= DAYS_BOUNDS.min && n <= DAYS_BOUNDS.max ? n : EDISH_DEFAULTS.concurrentDays;
}

/** The query from the page's search parameters: of a name given more than once, the first value counts. */
export function parseLiverQuery(searchParams: ParamSource): LiverQuery {
  const enzyme = searchParams.get(LIVER_PARAMS.enzyme);
  const quadrant = searchParams.get(LIVER_PARAMS.quadrant);
  return {
    settings: {
      transaminase: enzyme === "AST" ? "AST" : "ALT",
      xThreshold: threshold(searchParams.get(LIVER_PARAMS.x), EDISH_DEFAULTS.xThreshold),
      yThreshold: threshold(searchParams.get(LIVER_PARAMS.y), EDISH_DEFAULTS.yThreshold),
      concurrentDays: days(searchParams.get(LIVER_PARAMS.days)),
    },
    quadrant: QUADRANTS.find((q) => q === quadrant) ?? null,
    concurrent: searchParams.get(LIVER_PARAMS.concurrent) === "1",
  };
}

/** The query string of a query (defaults left out, so that the plain address is the default page). */
export function liverSearch(q: LiverQuery): string {
  const searchParams = new URLSearchParams();
  const s = q.settings;
  const d = EDISH_DEFAULTS;
  if (s.transaminase !== d.transaminase) searchParams.set(LIVER_PARAMS.enzyme, s.transaminase);
  if (s.xThreshold !== d.xThreshold) searchParams.set(LIVER_PARAMS.x, String(s.xThreshold));
  if (s.yThreshold !== d.yThreshold) searchParams.set(LIVER_PARAMS.y, String(s.yThreshold));
  if (s.concurrentDays !== d.concurrentDays) searchParams.set(LIVER_PARAMS.days, String(s.concurrentDays));
  if (q.quadrant) searchParams.set(LIVER_PARAMS.quadrant, q.quadrant);
  if (q.concurrent) searchParams.set(LIVER_PARAMS.concurrent, "1");
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
    `${liver}${liverSearch({ ...query, quadrant, concurrent })}#${SUBJECTS_ANCHOR}`;

/**
 * The address around each subject row's own part of its profile's link (`subject__href` of ./liver-tables.ts,
 * liverRows): the study's subject profiles, sent once for a thousand rows (DataColumn.hrefAround).
 */
export const liverAround = (studyHref: string): readonly [string, string] => [subjectHref(studyHref, ""), ""];
