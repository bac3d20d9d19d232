/**
 * How a filter text matches a cell. Text columns: case-insensitive
 * "contains", or, after a leading `=`, the whole cell (`=AE1` is AE1, never
 * AE10: what a link to one record uses). Number columns: an exact number, or
 * a comparison such as `>2`, `>=2`, `<5`, `<=5`; a filter that is no number
 * matches nothing.
 */
export type CellValue = string | number | null | undefined;

export function cellText(value: CellValue): string {
  return value === null || value === undefined ? "" : String(value);
}

/** The text filter that matches exactly this cell text (case aside). */
export const exactFilter = (text: string) => `=${text}`;

export const textMatches = (value: CellValue, filter: string): boolean => textMatcher(filter)(value);

/** The text filter as a test of cells, the filter read once: a filter over a million rows tests every one. */
export function textMatcher(filter: string): (value: CellValue) => boolean {
  const wanted = filter.trim().toLowerCase();
  if (!wanted.startsWith("=")) return wanted === "" ? always : (v) => cellText(v).toLowerCase().includes(wanted);
  // A lone "=" is a filter still being typed: it hides nothing.
  const exact = wanted.slice(1).trim();
  return exact === "" ? always : (v) => cellText(v).toLowerCase().trim() === exact;
}

const always = () => true;

const COMPARISON = /^(<=|>=|<|>|=)?\s*(-?\d+(?:\.\d+)?)$/;

export const numberMatches = (value: CellValue, filter: string): boolean => numberMatcher(filter)(value);

/** The number filter as a test of cells, the filter read once. */
export function numberMatcher(filter: string): (value: CellValue) => boolean {
  const trimmed = filter.trim();
  if (trimmed === "") return always;
  const match = COMPARISON.exec(trimmed);
  if (!match) return never;
  const bound = Number(match[2]);
  const holds = COMPARE[match[1] ?? "="];
  return (v) => typeof v === "number" && holds(v, bound);
}

const never = () => false;

const COMPARE: Record<string, (value: number, bound: number) => boolean> = {
  "<": (v, b) => v < b,
  "<=": (v, b) => v <= b,
  ">": (v, b) => v > b,
  ">=": (v, b) => v >= b,
  "=": (v, b) => v === b,
};
