/**
 * Reference ranges as the partner writes them (docs/clinical-rules.md,
 * Laboratory): `3.5-5.0`, `3.5 - 5.0`, `<5`, `<=5`, `>1.2`, `>=60`, or free
 * text such as `Negative`. The bounds are read where the text has them; free
 * text keeps no bounds (and so no flag), and the raw text is always kept for
 * display. A result is L below the low bound, H above the high bound; a strict
 * bound (`<5`) makes the bound itself abnormal.
 */
export interface ReferenceRange {
  /** The text as the partner sent it. */
  text: string;
  low: number | null;
  high: number | null;
  /** Whether a value equal to the bound is within range (`<=5`, `3.5-5.0`: yes; `<5`: no). */
  lowInclusive: boolean;
  highInclusive: boolean;
}

export type RangeFlag = "L" | "N" | "H";

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
// `-` between two numbers, also as an en dash or "to"; the second number may be negative (`-2 - 2`).
const BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*(?:-|–|to)\s*(${NUMBER})$`, "i");
const ONE_SIDED = new RegExp(String.raw`^(<=|>=|≤|≥|<|>)\s*(${NUMBER})$`);

const ranges = new Map<string, ReferenceRange>();
const REMEMBERED = 10_000;

/** The range of a text; a study's million results share a few dozen texts, so each is read once. */
export function parseReferenceRange(text: string): ReferenceRange {
  let range = ranges.get(text);
  if (range) return range;
  range = readRange(text);
  if (ranges.size >= REMEMBERED) ranges.clear();
  ranges.set(text, range);
  return range;
}

function readRange(text: string): ReferenceRange {
  const s = text.trim();
  const none = { text, low: null, high: null, lowInclusive: true, highInclusive: true };
  const between = BETWEEN.exec(s);
  if (between) {
    const [low, high] = [Number(between[1]), Number(between[2])];
    return low <= high ? { ...none, low, high } : none;
  }
  const sided = ONE_SIDED.exec(s);
  if (!sided) return none;
  const bound = Number(sided[2]);
  switch (sided[1]) {
    case "<":
      return { ...none, high: bound, highInclusive: false };
    case "<=":
    case "≤":
      return { ...none, high: bound };
    case ">":
      return { ...none, low: bound, lowInclusive: false };
    default:
      return { ...none, low: bound };
  }
}

/** Whether the text has a bound at all: free text has none. */
export const hasBounds = (r: ReferenceRange) => r.low !== null || r.high !== null;

/** L, N or H of a numeric result against a range; null when the range has no bounds. */
export function rangeFlag(value: number, range: ReferenceRange): RangeFlag | null {
  if (!hasBounds(range)) return null;
  if (range.low !== null && (range.lowInclusive ? value < range.low : value <= range.low)) return "L";
  if (range.high !== null && (range.highInclusive ? value > range.high : value >= range.high)) return "H";
  return "N";
}

/** The flag of a result as cached: a value and the range text of its own record. */
export function resultFlag(value: number | null, rangeText: string | null): RangeFlag | null {
  return value === null || rangeText === null ? null : rangeFlag(value, parseReferenceRange(rangeText));
}

/** The value as a multiple of its own record's upper limit (×ULN); null without a positive upper limit. */
export function timesUln(value: number | null, rangeText: string | null): number | null {
  if (value === null || rangeText === null) return null;
  const { high } = parseReferenceRange(rangeText);
  return high !== null && high > 0 ? value / high : null;
}
