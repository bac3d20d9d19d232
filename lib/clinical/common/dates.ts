/**
 * Dates as the partner sends them (`YYYY-MM-DDThh:mm:ss` without offset, or
 * `MM/DD/YYYY` in AdverseEvent extensions) read as calendar dates, and study
 * days counted from a reference date (docs/clinical-rules.md, Study day).
 * Calendar arithmetic is done on UTC day numbers: the partner's times carry no
 * offset, so no local time zone may shift a date.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MS_PER_DAY = 86_400_000;

/**
 * Dates read lately, by their text: a study's collection times are few and shared (one per subject and visit, each
 * string kept once by the study cache) while its derivations read them a million times (docs/benchmarks.md,
 * bench:load). Bounded in entries (emptied when full) and in the length of what it keeps.
 */
const read = new Map<string, string | null>();
const READ_MAX = 50_000;
/** Longer texts are read each time, not kept: a date-time with an offset and fractions is 35 characters. */
const KEPT_LENGTH = 40;

/** The calendar date (`YYYY-MM-DD`) of an ISO date or date-time, or of `MM/DD/YYYY`; null for anything else. */
export function calendarDate(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (text.length > KEPT_LENGTH) return readDate(text);
  const kept = read.get(text);
  if (kept !== undefined) return kept;
  if (read.size >= READ_MAX) read.clear();
  const date = readDate(text);
  read.set(text, date);
  return date;
}

function readDate(text: string): string | null {
  const s = text.trim();
  const iso = ISO_DATE.exec(s);
  if (iso) return isDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? s.slice(0, 10) : null;
  const us = US_DATE.exec(s);
  if (!us) return null;
  const [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  return isDate(y, m, d) ? `${us[3]}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` : null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether a year, month (1-12) and day name a day of the Gregorian calendar: 02/30/2024 is none. Checked by
 * arithmetic, not by a Date's round trip: a study's derivations read a million dates (docs/benchmarks.md,
 * bench:load). Years before 100 count as none, as JavaScript's Date.UTC reads them as 19xx.
 */
function isDate(y: number, m: number, d: number): boolean {
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (or the date part of a date-time); NaN when it is none. */
export function dayNumber(date: string): number {
  const iso = calendarDate(date);
  return iso === null ? Number.NaN : Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / MS_PER_DAY;
}

/** Whole days from `from` to `to` (both dates); NaN when either is no date. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The study day of `date` against the reference date (day 1): the day before day 1 is -1; there is no day 0. */
export function studyDay(date: string, reference: string): number | null {
  const diff = daysBetween(reference, date);
  if (Number.isNaN(diff)) return null;
  return diff >= 0 ? diff + 1 : diff;
}
