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

export function textMatches(value: CellValue, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  const cell = cellText(value).toLowerCase();
  if (!wanted.startsWith("=")) return wanted === "" || cell.includes(wanted);
  // A lone "=" is a filter still being typed: it hides nothing.
  const exact = wanted.slice(1).trim();
  return exact === "" || cell.trim() === exact;
}

const COMPARISON = /^(<=|>=|<|>|=)?\s*(-?\d+(?:\.\d+)?)$/;

export function numberMatches(value: CellValue, filter: string): boolean {
  const trimmed = filter.trim();
  if (trimmed === "") return true;
  const match = COMPARISON.exec(trimmed);
  if (!match || typeof value !== "number") return false;
  const bound = Number(match[2]);
  switch (match[1]) {
    case "<":
      return value < bound;
    case "<=":
      return value <= bound;
    case ">":
      return value > bound;
    case ">=":
      return value >= bound;
    default:
      return value === bound;
  }
}
