/**
 * How a filter text matches a cell. Text columns: case-insensitive
 * "contains". Number columns: an exact number, or a comparison such as
 * `>2`, `>=2`, `<5`, `<=5`; a filter that is no number matches nothing.
 */
export type CellValue = string | number | null | undefined;

export function cellText(value: CellValue): string {
  return value === null || value === undefined ? "" : String(value);
}

export function textMatches(value: CellValue, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  return wanted === "" || cellText(value).toLowerCase().includes(wanted);
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
