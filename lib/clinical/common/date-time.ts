/**
 * Date-times as the portal shows them (docs/design.md, Dates and times). In a table, the date as every table writes
 * it (`2026-11-27`, which sorts as text) and the time after a space, to the minute: `2026-11-27 16:47`; seconds are
 * shown only when they are not zero, so that no time the partner sent is cut. In a sentence (the data's time above
 * a section), the words of a reader: `27 Nov 2026, 16:47`. The time zone is said once, in the column's header or
 * beside the time ("Time (UTC)"), not in each cell: the partner's collection times carry none (they are the site's
 * wall-clock time), the portal's own times are in UTC.
 */

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A partner's date-time as shown: `2023-03-30T09:15:00` as 2023-03-30 09:15. An offset the partner sent is kept
 * after the time (`Z` as UTC, `-08:00` as UTC-08:00), since the column's header cannot name it. A date alone, a
 * partial date or any other text is shown as sent.
 */
export function displayDateTime(text: string): string;
export function displayDateTime(text: string | null): string | null;
export function displayDateTime(text: string | null): string | null {
  if (text === null) return null;
  const m = ISO_DATE_TIME.exec(text.trim());
  if (!m) return text;
  const [, date, hours, minutes, seconds, fraction, offset] = m;
  const secondsText = `${seconds ?? "00"}${fraction ?? ""}`;
  const time = /^00(\.0*)?$/.test(secondsText) ? `${hours}:${minutes}` : `${hours}:${minutes}:${secondsText}`;
  const zone = offset === undefined ? "" : offset === "Z" ? " UTC" : ` UTC${offset}`;
  return `${date} ${time}${zone}`;
}

/**
 * An instant of the portal's own (data as of, an audit entry, an export) in UTC, in the same form: to the minute,
 * or to the second where entries a second apart must be told apart (the audit trail). The caller names UTC once.
 */
export function utcDateTime(at: number | string, precision: "minute" | "second" = "minute"): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, precision === "minute" ? 16 : 19)}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An instant of the portal's own in UTC as a sentence says it: `27 Nov 2026, 16:47` (the caller names UTC). */
export function utcDateTimeWords(at: number | string): string {
  const d = new Date(at);
  const time = d.toISOString().slice(11, 16);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time}`;
}
