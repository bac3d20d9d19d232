/**
 * The laboratory section's expected values, computed here from the partner API's own laboratory Observations
 * with the rules of docs/clinical-rules.md written out again, independently of the portal's code (nothing of
 * lib/ is imported).
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";

export interface Lab {
  subject: string;
  key: string;
  name: string;
  code: string | null;
  unit: string | null;
  visit: string;
  at: string;
  value: number | null;
  text: string | null;
  range: string | null;
}

export async function labResults(request: APIRequestContext, study: string): Promise<Lab[]> {
  const token = await northstarToken(request);
  const records = await searchAll(request, token, `observation?category=laboratory&researchstudy=${study}&_count=1000`);
  return records.map((r: Res) => {
    const code = r.code as { text?: string; coding?: { code?: string }[] };
    const quantity = r.valueQuantity as { value?: number; unit?: string } | undefined;
    const c = code.coding?.[0]?.code || null;
    return {
      subject: (r.subject as { reference: string }).reference.replace(/^Patient\//, ""),
      key: c ? `code:${c}` : `name:${code.text}`,
      name: code.text as string,
      code: c,
      unit: quantity?.unit ?? null,
      visit: (r.encounter as { display: string }).display,
      at: r.effectiveDateTime as string,
      value: typeof quantity?.value === "number" ? quantity.value : null,
      text: (r.valueString as string | undefined) ?? null,
      range: (r.referenceRange as { text: string }[] | undefined)?.[0]?.text ?? null,
    };
  });
}

/** L, N or H against the range text: `a-b` (spaces allowed), `<x`, `<=x`, `>x`, `>=x`; null for free text. */
/**
 * A collection time as the listings show it (docs/design.md, Dates and times): `2023-03-02T08:13:00` as
 * 2023-03-02 08:13, the seconds only when not zero.
 */
export const shownTime = (at: string) => at.replace("T", " ").replace(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}):00$/, "$1");

export function flag(value: number, range: string): "L" | "N" | "H" | null {
  const between = /^([\d.]+)\s*-\s*([\d.]+)$/.exec(range.trim());
  if (between) return value < Number(between[1]) ? "L" : value > Number(between[2]) ? "H" : "N";
  const sided = /^(<=|>=|<|>)\s*([\d.]+)$/.exec(range.trim());
  if (!sided) return null;
  const b = Number(sided[2]);
  const out = { "<": value >= b, "<=": value > b, ">": value <= b, ">=": value < b }[sided[1]];
  if (!out) return "N";
  return sided[1].startsWith("<") ? "H" : "L";
}

/** The demo data's units as a laboratory report writes them (docs/clinical-rules.md, Units), by hand. */
export const unitShown = (unit: string) =>
  unit.replace("10^9/L", "10⁹/L").replace("10^12/L", "10¹²/L").replace("1.73m2", "1.73m²");

/** The overview's cells for one test and unit, as the table shows them (blank for no percentage). */
export function overviewCells(rows: Lab[]): string[] {
  const numeric = rows.filter((r) => r.value !== null);
  const flags = numeric.map((r) => (r.range === null ? null : flag(r.value as number, r.range)));
  const ranged = flags.filter((f) => f !== null).length;
  const below = flags.filter((f) => f === "L").length;
  const above = flags.filter((f) => f === "H").length;
  const pct = (n: number) => (ranged === 0 ? "" : String(Math.round((1000 * n) / ranged) / 10));
  const first = rows[0];
  return [
    first.name,
    first.code ?? "(none)",
    first.unit === null ? "(no unit)" : unitShown(first.unit),
    String(new Set(rows.map((r) => r.subject)).size),
    String(rows.length),
    String(numeric.length),
    String(rows.filter((r) => r.value === null && r.text !== null).length),
    String(ranged),
    String(below),
    pct(below),
    String(above),
    pct(above),
  ];
}

/** Rows grouped by a key, in order of first appearance. */
export function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

/** A subject's study drug: first and last dose days (`YYYY-MM-DD`), and whether a record has no end (on drug). */
export interface Dosing {
  first: string;
  last: string;
  ongoing: boolean;
}

/**
 * Each subject's study drug, from the partner API's AdverseEvent and MedicationStatement records by
 * docs/clinical-rules.md (Study drug and exposure), written out here: the records whose drug names, in any case, a
 * suspect product of the study's adverse events; first dose the earliest start day, last dose the latest end day (the
 * start where there is none, or where the end is before it), on drug while a record has no end.
 */
export async function studyDrug(request: APIRequestContext, study: string): Promise<Map<string, Dosing>> {
  const token = await northstarToken(request);
  const q = `researchstudy=${study}&_count=1000`;
  const [aes, meds] = await Promise.all([
    searchAll(request, token, `AdverseEvent?${q}`),
    searchAll(request, token, `MedicationStatement?${q}`),
  ]);
  type Suspect = { causality?: { productRelatedness?: string }[] }[];
  const products = new Set<string>();
  for (const ae of aes)
    for (const s of (ae.suspectEntity as Suspect | undefined) ?? [])
      for (const c of s.causality ?? []) if (c.productRelatedness) products.add(c.productRelatedness.toLowerCase());
  const out = new Map<string, Dosing>();
  for (const m of meds) {
    const drug = (m.medicationCodeableConcept as { text: string }).text.toLowerCase();
    const period = m.effectivePeriod as { start?: string; end?: string } | undefined;
    const start = period?.start?.slice(0, 10);
    if (!start || ![...products].some((p) => drug.includes(p))) continue;
    const end = period?.end?.slice(0, 10);
    const last = end !== undefined && end >= start ? end : start;
    const subject = (m.subject as { reference: string }).reference.replace(/^Patient\//, "");
    const d = out.get(subject);
    out.set(subject, {
      first: d && d.first < start ? d.first : start,
      last: d && d.last > last ? d.last : last,
      ongoing: (d?.ongoing ?? false) || end === undefined,
    });
  }
  return out;
}

const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export type Part = "baseline" | "before" | "after" | "late";

/**
 * The part each numeric result of one subject and unit plays (docs/clinical-rules.md, Baseline and the on-treatment
 * window): baseline the last result on or before the first dose's day (of equal times the later sent), after baseline
 * those dated after that day up to the last dose + `window` days (no end while on drug), late those after.
 */
export function parts(results: Lab[], dosing: Dosing, window: number): Map<Lab, Part> {
  const out = new Map<Lab, Part>();
  const day = (r: Lab) => (/^\d{4}-\d{2}-\d{2}/.test(r.at ?? "") ? r.at.slice(0, 10) : null);
  let baseline: Lab | undefined;
  // Undated results take no part.
  for (const r of results.filter((x) => x.value !== null && day(x) !== null)) {
    if ((day(r) as string) <= dosing.first) {
      if (baseline === undefined || r.at >= baseline.at) baseline = r;
      out.set(r, "before");
    } else out.set(r, dosing.ongoing || daysFrom(dosing.last, day(r) as string) <= window ? "after" : "late");
  }
  if (baseline) out.set(baseline, "baseline");
  return out;
}

/** The highest-direction shift cell of each subject of one unit: baseline category, then the highest after it. */
export function highShift(rows: Lab[], dosing: Map<string, Dosing>, window = 30): Map<string, string> {
  const out = new Map<string, string>();
  for (const [subject, results] of groupBy(rows, (r) => r.subject)) {
    const category = (r: Lab) => flag(r.value as number, r.range as string) ?? "M";
    const placed = parts(results, dosing.get(subject) as Dosing, window);
    const base = [...placed].find(([, p]) => p === "baseline")?.[0];
    const after = [...placed].filter(([, p]) => p === "after").map(([r]) => category(r));
    const worst = after.includes("H") ? "H" : after.includes("N") ? "N" : after.includes("L") ? "L" : "M";
    out.set(subject, `${base ? category(base) : "M"}${worst}`);
  }
  return out;
}

/** The median of numbers: the middle one, or the mean of the two middle ones. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Tukey's whiskers of numbers (docs/clinical-rules.md, Box plots), worked out here: quartiles at position p (n - 1)
 * of the sorted values, interpolated; each whisker the most extreme value within 1.5 × IQR of its quartile; the
 * values beyond are outliers.
 */
export function tukey(values: number[]): { low: number; high: number; outliers: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const h = (s.length - 1) * p;
    const lo = Math.floor(h);
    return s[lo] + (h - lo) * (s[Math.min(lo + 1, s.length - 1)] - s[lo]);
  };
  const [q1, q3] = [at(0.25), at(0.75)];
  const inside = s.filter((v) => v >= q1 - 1.5 * (q3 - q1) && v <= q3 + 1.5 * (q3 - q1));
  return { low: inside[0], high: inside[inside.length - 1], outliers: s.length - inside.length };
}
