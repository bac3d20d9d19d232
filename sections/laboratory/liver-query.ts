/**
 * The liver safety view's state in the URL: `enzyme` (ALT or AST), `x` and
 * `y` (the thresholds, ×ULN), `days` (the concurrency window), `quadrant`
 * and `concurrent=1` (the subjects listed: of a quadrant, with concurrent
 * peaks). Anything missing, malformed or out of bounds falls
 * back to its default; nothing from the URL is echoed raw. No imports beyond
 * the pure rules, so client components may use it.
 */
import {
  DAYS_BOUNDS,
  EDISH_DEFAULTS,
  type EdishParams,
  QUADRANTS,
  type Quadrant,
  THRESHOLD_BOUNDS,
} from "@/lib/clinical/liver/edish";

export interface LiverQuery {
  params: EdishParams;
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

type Get = (name: string) => string | null;

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

export function parseLiverQuery(get: Get): LiverQuery {
  const enzyme = get(LIVER_PARAMS.enzyme);
  const quadrant = get(LIVER_PARAMS.quadrant);
  return {
    params: {
      transaminase: enzyme === "AST" ? "AST" : "ALT",
      xThreshold: threshold(get(LIVER_PARAMS.x), EDISH_DEFAULTS.xThreshold),
      yThreshold: threshold(get(LIVER_PARAMS.y), EDISH_DEFAULTS.yThreshold),
      concurrentDays: days(get(LIVER_PARAMS.days)),
    },
    quadrant: QUADRANTS.find((q) => q === quadrant) ?? null,
    concurrent: get(LIVER_PARAMS.concurrent) === "1",
  };
}

/** The page's searchParams (Next.js: a value may repeat) read as one value per name, the first. */
export function firstValues(search: Record<string, string | string[] | undefined>): Get {
  return (name) => {
    const v = search[name];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
}

/** The query string of a state (defaults left out, so that the plain address is the default view). */
export function liverSearch(q: LiverQuery): string {
  const s = new URLSearchParams();
  const d = EDISH_DEFAULTS;
  if (q.params.transaminase !== d.transaminase) s.set(LIVER_PARAMS.enzyme, q.params.transaminase);
  if (q.params.xThreshold !== d.xThreshold) s.set(LIVER_PARAMS.x, String(q.params.xThreshold));
  if (q.params.yThreshold !== d.yThreshold) s.set(LIVER_PARAMS.y, String(q.params.yThreshold));
  if (q.params.concurrentDays !== d.concurrentDays) s.set(LIVER_PARAMS.days, String(q.params.concurrentDays));
  if (q.quadrant) s.set(LIVER_PARAMS.quadrant, q.quadrant);
  if (q.concurrent) s.set(LIVER_PARAMS.concurrent, "1");
  const text = s.toString();
  return text ? `?${text}` : "";
}
