/**
 * The time bounds of an audit query (the admin page's filters and `npm run audit -- export`), both inclusive: a
 * date (YYYY-MM-DD) stands for the whole day in UTC, a date and time with its zone (Z or ±hh:mm) for that
 * instant. Entry times are ISO 8601 UTC with milliseconds, so they compare as text.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;
// Years the ISO text of a Date spells with four digits, so that bounds and entry times compare as text.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 0, 1);

/** The instant a bound stands for, in ms, or undefined when the text is no date or date and time. */
function instantOf(text: string, side: "from" | "to"): number | undefined {
  const day = DATE.exec(text);
  let ms: number;
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    ms = Date.UTC(y, m - 1, d);
    // Date.UTC rolls 2026-02-30 over to March: not a date.
    if (new Date(ms).getUTCDate() !== d || new Date(ms).getUTCMonth() !== m - 1) return undefined;
    if (side === "to") ms += DAY_MS - 1;
  } else if (DATE_TIME.test(text)) {
    ms = Date.parse(text);
  } else return undefined;
  return Number.isFinite(ms) && ms >= EARLIEST && ms <= LATEST ? ms : undefined;
}

/** A time range as entry times are compared with it: from ≤ time < toExclusive, either side open. */
export interface TimeRange {
  from?: string;
  toExclusive?: string;
}

/** The ISO text of a bound (for `to`, the first instant after it), or undefined when the text is not one. */
export function parseTimeBound(text: string, side: "from" | "to"): string | undefined {
  const ms = instantOf(text.trim(), side);
  if (ms === undefined) return undefined;
  return new Date(side === "to" ? ms + 1 : ms).toISOString();
}

export const TIME_BOUND_HELP =
  "a date (2026-05-01, the whole day in UTC) or a date and time with its zone " +
  "(2026-05-01T14:30:00Z or 2026-05-01T16:30+02:00)";
