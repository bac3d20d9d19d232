/**
 * Calendar arithmetic on integer day numbers (days since 1970-01-01) and local
 * wall-clock seconds, formatted by hand: no Date object, host time zone or
 * locale can change a generated value.
 */

export const SECONDS_PER_DAY = 86400;

/** Day number of a civil date (H. Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date [year, month, day] of a day number. */
export function civil(dayNo: number): [number, number, number] {
  const z = dayNo + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const p2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export function yearOf(dayNo: number): number {
  return civil(dayNo)[0];
}

/** YYYY-MM-DD */
export function isoDate(dayNo: number): string {
  const [y, m, d] = civil(dayNo);
  return `${y}-${p2(m)}-${p2(d)}`;
}

/** Local wall-clock timestamp in seconds: day number x 86400 + second of the day. */
export function at(dayNo: number, hour: number, minute: number, second = 0): number {
  return dayNo * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
}

export function dayOfTs(ts: number): number {
  return Math.floor(ts / SECONDS_PER_DAY);
}

/** YYYY-MM-DDThh:mm:ss */
export function isoDateTime(ts: number): string {
  const day = dayOfTs(ts);
  const s = ts - day * SECONDS_PER_DAY;
  return `${isoDate(day)}T${p2(Math.floor(s / 3600))}:${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}`;
}

/** A site's time zone: standard offset east of UTC and its daylight-saving rule. */
export interface Zone {
  label: string;
  standardMinutes: number;
  dst: "US" | "EU" | "none";
}

/** 0 = Sunday (1970-01-01 was a Thursday). */
export function weekday(dayNo: number): number {
  return (((dayNo + 4) % 7) + 7) % 7;
}

function nthSunday(year: number, month: number, n: number): number {
  const first = dayNumber(year, month, 1);
  return first + ((7 - weekday(first)) % 7) + 7 * (n - 1);
}

function lastSunday(year: number, month: number): number {
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - weekday(last);
}

/** UTC offset in minutes on a given day (the switch hour is ignored: results are issued in daytime). */
export function offsetMinutes(zone: Zone, dayNo: number): number {
  const year = yearOf(dayNo);
  let summer = false;
  if (zone.dst === "US") summer = dayNo >= nthSunday(year, 3, 2) && dayNo < nthSunday(year, 11, 1);
  if (zone.dst === "EU") summer = dayNo >= lastSunday(year, 3) && dayNo < lastSunday(year, 10);
  return zone.standardMinutes + (summer ? 60 : 0);
}

/** ISO 8601 with the zone's UTC offset, e.g. 2023-04-05T14:20:00-04:00. */
export function isoWithOffset(ts: number, zone: Zone): string {
  const minutes = offsetMinutes(zone, dayOfTs(ts));
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${isoDateTime(ts)}${sign}${p2(Math.floor(abs / 60))}:${p2(abs % 60)}`;
}
