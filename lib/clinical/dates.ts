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

/** The calendar date (`YYYY-MM-DD`) of an ISO date or date-time, or of `MM/DD/YYYY`; null for anything else. */
export function calendarDate(text: string | null | undefined): string | null {
  const s = text?.trim() ?? "";
  let y: number;
  let m: number;
  let d: number;
  const iso = ISO_DATE.exec(s);
  const us = iso ? null : US_DATE.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  // 02/30/2024 is no date: Date.UTC would roll it into March.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
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
