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
    first.unit ?? "(no unit)",
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

/**
 * The highest-direction shift cell of each subject: baseline the last Screening result, after baseline every
 * result at another visit, the highest category reached (M when none).
 */
export function highShift(rows: Lab[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [subject, results] of groupBy(rows, (r) => r.subject)) {
    const category = (r: Lab) => flag(r.value as number, r.range as string) ?? "M";
    const base = results
      .filter((r) => r.visit === "Screening")
      .sort((a, b) => a.at.localeCompare(b.at))
      .at(-1);
    const after = results.filter((r) => r.visit !== "Screening").map(category);
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
