/**
 * The CTCAE v5.0 grade of a laboratory result (docs/clinical-rules.md, CTCAE grades of laboratory results), by the
 * bands of ./ctcae-criteria.ts. A test is recognised by its test name (trimmed, any case), as the liver view does:
 * the service's codes differ between partners. A result is graded against its own record's range; a unit must be
 * one the bands are written in unless they hold in any unit (multiples of the upper limit). A test with two terms
 * (a decrease and an increase) takes the higher grade; a result neither term grades is grade 0, unless a term could
 * not be applied, when the result has no grade and the reason is given.
 */
import { type Band, CTCAE_CRITERIA, type CtcaeTerm, type Limit } from "./ctcae-criteria";
import { parseReferenceRange, type RangeFlag, type ReferenceRange, rangeFlag } from "./reference-range";

/** The names each graded test goes by, upper-cased; the key is the test's in CTCAE_CRITERIA. */
export const CTCAE_TESTS: Readonly<Record<string, readonly string[]>> = {
  ALT: ["ALT", "ALANINE AMINOTRANSFERASE", "SGPT", "ALAT"],
  AST: ["AST", "ASPARTATE AMINOTRANSFERASE", "SGOT", "ASAT"],
  ALP: ["ALP", "ALKALINE PHOSPHATASE"],
  GGT: ["GGT", "GAMMA GLUTAMYL TRANSFERASE", "GAMMA-GLUTAMYL TRANSFERASE"],
  BILI: ["BILI", "TOTAL BILIRUBIN", "BILIRUBIN, TOTAL", "TBILI"],
  CREAT: ["CREAT", "CREATININE"],
  HGB: ["HGB", "HEMOGLOBIN", "HAEMOGLOBIN"],
  NEUT: ["NEUT", "NEUTROPHILS", "ANC", "ABSOLUTE NEUTROPHIL COUNT"],
  LYMPH: ["LYMPH", "LYMPHOCYTES"],
  PLT: ["PLT", "PLATELETS", "PLATELET COUNT"],
  WBC: ["WBC", "LEUKOCYTES", "WHITE BLOOD CELLS"],
  K: ["K", "POTASSIUM"],
  NA: ["NA", "SODIUM"],
  CA: ["CA", "CALCIUM"],
  MG: ["MG", "MAGNESIUM"],
  GLUC: ["GLUC", "GLUCOSE"],
  ALB: ["ALB", "ALBUMIN"],
  URIC: ["URIC", "URATE", "URIC ACID"],
};

const BY_NAME = new Map(Object.entries(CTCAE_TESTS).flatMap(([key, names]) => names.map((n) => [n, key] as const)));

/** The graded terms of a test, by its name; none for a test CTCAE v5.0 gives no numeric bands. */
export const ctcaeTerms = (test: string): readonly CtcaeTerm[] =>
  CTCAE_CRITERIA[BY_NAME.get(test.trim().toUpperCase()) ?? ""] ?? [];

/** Cells per microlitre in thousands, or per litre in 10^9: one count, as CTCAE writes it. */
const COUNT_UNITS = new Set(["10^9/l", "10*9/l", "x10^9/l", "10e9/l", "10^3/ul", "10*3/ul", "x10^3/ul", "k/ul"]);

/** A unit as the criteria key it: lower case, without spaces, µ as u; the counts' spellings as one. */
export function unitKey(unit: string | null): string | null {
  if (unit === null) return null;
  const u = unit.toLowerCase().replace(/\s+/g, "").replace(/µ|μ/g, "u");
  return COUNT_UNITS.has(u) ? "10^9/l" : u;
}

const UNIT_NAMES: Record<string, string> = { "10^9/l": "10^9/L", "mmol/l": "mmol/L", "mg/dl": "mg/dL", "g/dl": "g/dL" };
/** A unit key as CTCAE writes the unit. */
const unitName = (key: string) => UNIT_NAMES[key] ?? key.replace(/l$/, "L");

export interface GradedResult {
  test: string;
  value: number | null;
  unit: string | null;
  range: string | null;
}

/** The subject's baseline of the same test and unit, for a result after it. */
export interface GradeBaseline {
  value: number;
  range: string | null;
}

export type LabGrade =
  | { grade: 0 | 1 | 2 | 3 | 4; term: string | null; byBaseline: boolean }
  | { grade: null; term: null; reason: string };

type TermGrade = { grade: number; byBaseline: boolean } | { reason: string };

/** The grade of a result; null when its test has no CTCAE criteria here, or it has no numeric value. */
export function ctcaeGrade(result: GradedResult, baseline: GradeBaseline | null): LabGrade | null {
  const terms = ctcaeTerms(result.test);
  if (terms.length === 0 || result.value === null) return null;
  const graded = terms.map((t) => [t, termGrade(t, result as GradedResult & { value: number }, baseline)] as const);
  let best: { term: CtcaeTerm; grade: number; byBaseline: boolean } | null = null;
  for (const [term, g] of graded)
    if ("grade" in g && g.grade > 0 && (!best || g.grade > best.grade)) best = { term, ...g };
  if (best) return { grade: best.grade as 1, term: best.term.term, byBaseline: best.byBaseline };
  const unknown = graded.find(([, g]) => "reason" in g);
  if (unknown) return { grade: null, term: null, reason: (unknown[1] as { reason: string }).reason };
  return { grade: 0, term: null, byBaseline: false };
}

interface Reading {
  value: number;
  range: ReferenceRange | null;
  flag: RangeFlag | null;
  baseline: number | null;
}

/** The term's bands in a unit: its own entry only, as the unit is the partner's text (docs/security.md). */
const bandsIn = (term: CtcaeTerm, key: string | null) =>
  key !== null && Object.hasOwn(term.bands, key) ? term.bands[key] : undefined;

function termGrade(term: CtcaeTerm, result: GradedResult & { value: number }, base: GradeBaseline | null): TermGrade {
  if (term.unbanded) return unbandedGrade(term, result);
  const key = unitKey(result.unit);
  const bands = bandsIn(term, key) ?? term.bands["*"];
  if (!bands) return { reason: `${term.term} is graded in ${Object.keys(term.bands).map(unitName).join(" or ")}` };
  const range = result.range === null ? null : parseReferenceRange(result.range);
  const flag = range ? rangeFlag(result.value, range) : null;
  const reading: Reading = { value: result.value, range, flag, baseline: base && base.value > 0 ? base.value : null };
  const byBaseline = term.baseline && reading.baseline !== null ? term.baseline : null;
  if (byBaseline?.use === "instead" && base && resultFlagOf(base) === "H")
    return withBasis(bandGrade(byBaseline.bands, term.direction, reading), true);
  const g = bandGrade(bands, term.direction, reading);
  if (byBaseline?.use !== "also" || "reason" in g) return withBasis(g, false);
  const b = bandGrade(byBaseline.bands, term.direction, reading);
  return "grade" in b && b.grade > g.grade ? { grade: b.grade, byBaseline: true } : { ...g, byBaseline: false };
}

/** A term without numeric bands: grade 0 within the record's limit, else no grade (what CTCAE needs is not here). */
function unbandedGrade(term: CtcaeTerm, result: GradedResult & { value: number }): TermGrade {
  const r: Reading = { value: result.value, range: null, flag: null, baseline: null };
  r.range = result.range === null ? null : parseReferenceRange(result.range);
  r.flag = r.range ? rangeFlag(result.value, r.range) : null;
  const beyond = byFlag(term.direction === "high" ? "ULN" : "LLN", r);
  if (typeof beyond === "string") return { reason: beyond };
  return beyond ? { reason: `${term.term}: ${term.unbanded}` } : { grade: 0, byBaseline: false };
}

const resultFlagOf = (b: GradeBaseline) => (b.range === null ? null : rangeFlag(b.value, parseReferenceRange(b.range)));

const withBasis = (g: { grade: number } | { reason: string }, byBaseline: boolean): TermGrade =>
  "reason" in g ? g : { grade: g.grade, byBaseline };

/** Binary noise must not decide a band: 1.5 x 1.2 is 1.7999999999999998, and 1.8 is not above 1.8. */
const exact = (x: number) => Number(x.toPrecision(10));

/** The highest grade whose band the value reaches; a band that cannot be read stops with its reason. */
function bandGrade(
  bands: readonly Band[],
  direction: "high" | "low",
  r: Reading,
): { grade: number } | { reason: string } {
  for (const band of bands) {
    const beyond = reaches(band, direction, r);
    if (typeof beyond === "string") return { reason: beyond };
    if (beyond) return { grade: band.grade };
  }
  return { grade: 0 };
}

/** Whether the value is beyond the band's limit, or why that cannot be told. */
function reaches(band: Band, direction: "high" | "low", r: Reading): boolean | string {
  const limit = band.limit;
  if ("flag" in limit) return byFlag(limit.flag, r);
  const at = limitValue(limit, r);
  if (typeof at === "string") return at;
  const [value, bound] = [exact(r.value), exact(at)];
  if (direction === "high") return band.inclusive ? value >= bound : value > bound;
  return band.inclusive ? value <= bound : value < bound;
}

/** Above the upper limit or below the lower one: the result's flag against its own range. */
function byFlag(limit: "ULN" | "LLN", r: Reading): boolean | string {
  if (limit === "ULN") return r.range?.high == null ? "the range has no upper limit" : r.flag === "H";
  return r.range?.low == null ? "the range has no lower limit" : r.flag === "L";
}

function limitValue(limit: Exclude<Limit, { flag: string }>, r: Reading): number | string {
  if ("value" in limit) return limit.value;
  if ("timesBaseline" in limit) return r.baseline === null ? "no baseline" : limit.timesBaseline * r.baseline;
  const high = r.range?.high;
  if (high == null || high <= 0) return "the range has no upper limit";
  return "timesUln" in limit ? limit.timesUln * high : high + limit.ulnPlus;
}

/** A result's value as a multiple of its own record's upper limit, to two decimals; null without one. */
export function timesUlnRounded(value: number | null, range: string | null): number | null {
  if (value === null || range === null) return null;
  const { high } = parseReferenceRange(range);
  // Hundredths of the decimal ratio, half up: 41 / 40 is 1.025, which reads 1.03.
  return high !== null && high > 0 ? Math.round(exact((value / high) * 100)) / 100 : null;
}
