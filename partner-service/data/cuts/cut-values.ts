/** Values a data cut writes: dates moved by whole days, results moved or mistyped, in the stored formats. */
import { LAB_INDEX, LAB_TESTS } from "../generator/catalog-labs";
import { dayNumber, isoDate } from "../generator/dates";
import type { Rng } from "../generator/prng";
import type { Row } from "./cut-rows";

const ISO_START = /^(\d{4})-(\d{2})-(\d{2})(.*)$/;

/** An ISO date or date-time text moved by whole days; its time and zone offset are kept. */
export function shiftDays(text: string, days: number): string {
  const m = ISO_START.exec(text);
  if (!m) throw new Error(`not an ISO date: ${text}`);
  return isoDate(dayNumber(Number(m[1]), Number(m[2]), Number(m[3])) + days) + m[4];
}

/** The calendar date of an ISO date-time text. */
export function dateOf(text: string): string {
  return text.slice(0, 10);
}

/** Whole days from one ISO date(-time) text to another. */
export function daysBetween(from: string, to: string): number {
  const day = (text: string) => {
    const m = ISO_START.exec(text);
    if (!m) throw new Error(`not an ISO date: ${text}`);
    return dayNumber(Number(m[1]), Number(m[2]), Number(m[3]));
  };
  return day(to) - day(from);
}

/** The decimals a result is reported with: the laboratory catalog's, otherwise those the value shows (at most 2). */
function decimalsOf(row: Row): number {
  const test = typeof row.test_code === "string" ? LAB_INDEX[row.test_code] : undefined;
  if (test !== undefined) return LAB_TESTS[test].decimals;
  const text = String(row.value);
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : Math.min(2, text.length - dot - 1);
}

function rounded(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** A result a little off the one given (a later draw of the same test), never below its smallest step. */
export function nearbyValue(row: Row, rng: Rng): number | null {
  if (typeof row.value !== "number") return null;
  const decimals = decimalsOf(row);
  return Math.max(10 ** -decimals, rounded(row.value * (1 + rng.range(-0.08, 0.08)), decimals));
}

/** The value as first typed with its decimal point one place off (ten times the value); the correction is `row`. */
export function mistypedValue(row: Row): number {
  return rounded((row.value as number) * 10, decimalsOf(row));
}

/** A corrected result: a quarter higher than the one first entered, and never equal to it. */
export function correctedValue(row: Row): number {
  const decimals = decimalsOf(row);
  const value = row.value as number;
  const corrected = rounded(value * 1.25, decimals);
  return corrected === value ? rounded(value + 10 ** -decimals, decimals) : corrected;
}
